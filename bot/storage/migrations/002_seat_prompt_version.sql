-- Version 2: per-seat prompt version. `prompt_version` is the match version at which this
-- seat's list of legal actions last changed. Action menus carry it, so in a simultaneous
-- decision one player's move does not make the other's still-valid menu stale.
ALTER TABLE seats ADD COLUMN prompt_version INTEGER NOT NULL DEFAULT 0;
