-- Version 11: languages (docs/i18n.md).
-- `user_settings.language`: the language a player chose with `/settings language:` for what the
-- bot tells him alone (NULL: his Discord client's language).
-- `matches.language`: the language of a match's public posts and pictures, chosen at `/game new`
-- (NULL for matches older than this: English).
ALTER TABLE user_settings ADD COLUMN language TEXT;
-- `user_settings.client_language`: the language his Discord client showed at his last interaction
-- (the bot speaks it in his DMs, which come without an interaction, unless he chose one).
ALTER TABLE user_settings ADD COLUMN client_language TEXT;
ALTER TABLE matches ADD COLUMN language TEXT;
-- `leagues.language`: the language of a league's matches (and, to come, of its posts), chosen at
-- `/league create language:` (NULL for older leagues: English).
ALTER TABLE leagues ADD COLUMN language TEXT;
