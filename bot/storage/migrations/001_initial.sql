-- Palantír storage, version 1. Portable SQL (SQLite and PostgreSQL): no AUTOINCREMENT keyword,
-- timestamps as ISO-8601 text, JSON as text, Discord snowflakes as text.

-- One row per match. The action log is the truth; `state` is only a cache of its replay.
-- `version` counts accepted log entries (actions, undos, resignations): it never goes back,
-- so buttons carry it to detect stale clicks even after an undo.
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    guild_id TEXT,
    channel_id TEXT,
    thread_id TEXT,
    lobby_message_id TEXT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    creator_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    state TEXT,
    seq INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX matches_by_status ON matches (status);
CREATE INDEX matches_by_guild ON matches (guild_id, status);
CREATE INDEX matches_by_thread ON matches (thread_id);

-- Who sits where. `wanted_role` is the side asked for in the lobby (NULL: any); `role` is
-- filled when the match starts. `last_seq` is the state seq of the player's last own action
-- (for "/game log": what happened since my last turn).
CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    wanted_role TEXT,
    role TEXT,
    last_seq INTEGER NOT NULL DEFAULT 0,
    joined_at TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- Append-only log. `id` orders the entries; `kind` is act, undo or resign. The interaction id
-- makes a retried interaction harmless (UNIQUE; NULL for entries without one).
CREATE TABLE actions (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('act', 'undo', 'resign')),
    role TEXT NOT NULL,
    action TEXT NOT NULL,
    interaction_id TEXT UNIQUE,
    user_id TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX actions_by_match ON actions (match_id, id);

-- Full states written when the active roles change: replay starts from the newest good one.
CREATE TABLE snapshots (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    action_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (match_id, action_id)
);

-- Discord messages posted for a match (lobby, prompts), so old prompts can be edited.
CREATE TABLE messages (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    kind TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (match_id, kind)
);

-- Players we could not DM in a match (reported once in the thread).
CREATE TABLE dm_failures (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    user_id TEXT NOT NULL,
    code INTEGER,
    failed_at TEXT NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- Small key/value settings, e.g. the hash of the synced command tree per target.
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
