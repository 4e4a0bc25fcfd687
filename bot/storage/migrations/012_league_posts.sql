-- Version 12: the league outbox (bot/leagues/outbox.py): the league channel's posts are never lost.
--
-- Each league event that the league channel is told of (a result, a correction, a round paired,
-- a round complete, the end and its final table) writes its post here in the transaction that
-- commits the event; the bot then posts it and marks it `sent`. A post Discord refused stays
-- `pending` and is tried again by the next sweep (with the leagues' recovery, every few
-- minutes and at start-up), oldest first, until it has failed `attempts` times the limit: then
-- it is `dropped` (and logged). `event` names the event within its league (`result:12`,
-- `paired:3`...): an event is written once however often it is derived again. `data` is JSON,
-- what the post is put into words from, in the league's language, when it is sent (nothing
-- secret: league posts are public). A process that posts a row claims it first (`claimed_by`
-- until `claimed_until`, epoch seconds): another process takes it over only once that has run out.
CREATE TABLE league_posts (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    event TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dropped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until REAL,
    created_at TEXT NOT NULL,
    done_at TEXT,
    UNIQUE (league_id, event)
);
CREATE INDEX league_posts_by_status ON league_posts (status, id);
