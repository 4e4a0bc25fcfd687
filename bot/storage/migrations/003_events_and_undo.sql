-- Version 3: the log as data, apart from the state; undo history apart from the state.
--
-- `events` holds each match's log events (JSON data, one row per event, in order). An entry
-- appends its events; an undo deletes the events it took back. `matches.state` (the cached
-- state) no longer contains the log nor any undo snapshot; `matches.log_length` is the number
-- of events that belong to it, and snapshots keep theirs.
--
-- `matches.undo_open` is 1 while some player may take an action back. The undo history lives
-- in memory only; a snapshot of the state before the first undoable action is written when it
-- opens, so after a restart the match is replayed from there and the history comes back.
--
-- States and results of earlier versions have another shape: caches and snapshots are dropped,
-- and every match is rebuilt from its action log (whose notation is unchanged) when next used.
CREATE TABLE events (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    idx INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (match_id, idx)
);
ALTER TABLE matches ADD COLUMN log_length INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN undo_open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE snapshots ADD COLUMN log_length INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET state = NULL, result = NULL;
DELETE FROM snapshots;
