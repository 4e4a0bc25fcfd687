-- Version 10: leases on background work, for several bot processes sharing one database.
--
-- A bot process that takes on an item of background work (a time bank that ran out, a
-- reminder, a lobby to expire, a match to catch up in Discord, a league to start) first claims
-- it here: `holder` names the process, `expires` (epoch seconds) is when another process may
-- take the item over if the holder never finished it (it died). A claim is a single
-- `INSERT ... ON CONFLICT DO UPDATE ... WHERE` (free, run out, or already the holder's).
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires REAL NOT NULL
);
