-- Version 5: days-long games.
--
-- `matches.pace` is the match's time control (`2d+12h/5d`, see bot/pace.py; NULL: no clock);
-- `matches.paused` is 1 while every player has agreed to pause (no clock runs, no move is made).
-- `clocks` holds each player's bank in seconds and, while the game waits for him, since when
-- it runs (epoch seconds); `reminded` lists the reminders sent during the current wait.
-- A timeout is logged as a `resign` entry whose action is `timeout`.
ALTER TABLE matches ADD COLUMN pace TEXT;
ALTER TABLE matches ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
CREATE TABLE clocks (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    role TEXT NOT NULL,
    bank REAL NOT NULL,
    running_since REAL,
    reminded TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (match_id, role)
);
CREATE INDEX clocks_running ON clocks (running_since);

-- Player settings: how to be pinged (`thread`, `dm` or `quiet`), an IANA time zone and quiet
-- hours in it (minutes after local midnight; both NULL: none).
ALTER TABLE user_settings ADD COLUMN ping TEXT NOT NULL DEFAULT 'thread';
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
ALTER TABLE user_settings ADD COLUMN quiet_from INTEGER;
ALTER TABLE user_settings ADD COLUMN quiet_to INTEGER;

-- Spectators of a match (`/game follow`).
CREATE TABLE followers (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    user_id TEXT NOT NULL,
    since TEXT NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- Consent to pause or resume a match: one vote per player; cleared when the match changes.
CREATE TABLE pause_votes (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    user_id TEXT NOT NULL,
    vote TEXT NOT NULL CHECK (vote IN ('pause', 'resume')),
    at TEXT NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
