-- Version 9: DM prompts are delivered at least once, like thread posts.
--
-- `dm_prompts` keeps, per seat of a match, the match version whose prompt its player is owed a
-- DM for (`owed`) and the match version of the newest DM prompt he was sent (`delivered`; -1:
-- none yet). A DM is owed while `owed > delivered` and `owed` is not older than the seat's
-- current prompt (`seats.prompt_entry`: once he acted, or his prompt was withdrawn, the old
-- DM is moot). The announcer and the start-up catch-up send owed DMs. A DM that Discord refuses
-- for good (closed DMs) counts as delivered: the thread mention and `/hand` stand in for it.
CREATE TABLE dm_prompts (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    role TEXT NOT NULL,
    owed INTEGER NOT NULL DEFAULT -1,
    delivered INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (match_id, role)
);
