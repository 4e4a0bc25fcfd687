-- Version 7: server-run leagues (issue 10). Portable SQL, as every migration: JSON as text,
-- Discord snowflakes as text, row time stamps as ISO-8601 text, deadlines as epoch seconds.
--
-- Matches reference leagues (`matches.league_id`, `matches.league_round`), never the reverse:
-- the engine and the match tables know nothing of leagues, and a league finds its matches
-- through `league_games`.

-- One row per league. `name_key` is the name folded (case, spaces) so that a server cannot
-- have two leagues whose names differ only in case. `options` are the game's resolved options
-- (JSON), `format` is round-robin or swiss, `rounds` the number of rounds (Swiss and
-- multiplayer leagues, NULL for a two-player round-robin, whose rounds follow from the players),
-- `double` 1 for a double round-robin (every pair meets twice, sides swapped), `table_size` the
-- seats per game (2, or 3-4 for a multiplayer game), `pace` the time control of every match
-- (bot/pace.py text, NULL: none), `scoring` the points for a win, a draw and a loss ("2,1,0"),
-- `signup_deadline` when sign-ups close (epoch seconds, NULL: when an admin starts the league),
-- `current_round` the last round whose games were drawn up (0 before the start).
CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    guild_id TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    rounds INTEGER,
    double INTEGER NOT NULL DEFAULT 0,
    table_size INTEGER NOT NULL DEFAULT 2,
    pace TEXT,
    scoring TEXT NOT NULL DEFAULT '2,1,0',
    signup_deadline REAL,
    channel_id TEXT,
    status TEXT NOT NULL DEFAULT 'signup' CHECK (status IN ('signup', 'running', 'finished')),
    current_round INTEGER NOT NULL DEFAULT 0,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (guild_id, name_key)
);
CREATE INDEX leagues_by_status ON leagues (status);

-- Who plays in a league. A player who leaves (or is removed) keeps his row and his results:
-- `status` says so and `left_at` when (his resignations from then on are forfeits).
CREATE TABLE league_players (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    user_id TEXT NOT NULL,
    joined_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left', 'removed')),
    left_at TEXT,
    PRIMARY KEY (league_id, user_id)
);
CREATE INDEX league_players_by_user ON league_players (user_id);

-- The games drawn up for each round, written in one transaction with the round's bye: the
-- pairing is decided once and survives a restart. `seats` is a JSON list of [role, user_id]
-- pairs in seat order, and `match_id` is filled once the match is created (a restart creates the
-- matches still missing, reusing one created just before a crash).
CREATE TABLE league_games (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    seats TEXT NOT NULL,
    match_id INTEGER REFERENCES matches (id),
    PRIMARY KEY (league_id, round, board)
);
CREATE UNIQUE INDEX league_games_by_match ON league_games (match_id);

-- The raw result of every finished league match, kept as it came so that standings and
-- ratings can always be recomputed: `places` maps user ids to finishing places (JSON, 1 =
-- first, equal = tied), `sides` user ids to roles, `forfeited_by` lists user ids (a timeout or
-- leaving the league is a forfeit, a resignation is not), `ending` says how it ended (win, draw,
-- resignation, timeout, forfeit). A correction is a new row naming the row it `replaces`, the
-- admin who made it (`corrected_by`) and why: the newest row of a match is its result, the
-- older ones its history. One original row per match (a result is never recorded twice).
CREATE TABLE league_results (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    places TEXT NOT NULL,
    sides TEXT NOT NULL,
    forfeited_by TEXT NOT NULL,
    ending TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    corrected_by TEXT,
    reason TEXT,
    replaces INTEGER REFERENCES league_results (id)
);
CREATE INDEX league_results_by_league ON league_results (league_id, id);
CREATE UNIQUE INDEX league_results_original ON league_results (match_id) WHERE replaces IS NULL;
CREATE UNIQUE INDEX league_results_replaced ON league_results (replaces);

-- The player who sat out each round of a league with an odd number of players.
CREATE TABLE league_byes (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (league_id, round, user_id)
);

-- Per-server league settings: the Discord role whose members run leagues (NULL: the server's
-- managers only).
CREATE TABLE league_config (
    guild_id TEXT PRIMARY KEY,
    admin_role_id TEXT,
    updated_at TEXT NOT NULL
);

ALTER TABLE matches ADD COLUMN league_id INTEGER REFERENCES leagues (id);
ALTER TABLE matches ADD COLUMN league_round INTEGER;
CREATE INDEX matches_by_league ON matches (league_id, league_round);
