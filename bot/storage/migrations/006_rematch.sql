-- Version 6: a rematch lobby remembers the match it replays (`matches.rematch_of`): only that
-- match's players may join it, each on his next side.
ALTER TABLE matches ADD COLUMN rematch_of INTEGER REFERENCES matches (id);
