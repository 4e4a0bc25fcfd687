-- Version 4: per-player settings (shared by every match and server).
-- `confirm` (1 = on): actions that cannot be undone are confirmed with one click first.
CREATE TABLE user_settings (
    user_id TEXT PRIMARY KEY,
    confirm INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT NOT NULL
);
