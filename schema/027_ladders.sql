-- Ladders (issue 43; spec "Ladders"; docs/commands.md "Ladders"): a ladder never ends; a
-- player climbs one at most -reach rungs above and takes their rung by winning. The rungs
-- are stored as they stand (one row per player on the ladder, rewritten in the transaction
-- that ends a climb or takes a player off); the moves are server/tournament/ladder_rules.*
-- (pure code). A ladder game's result is written in the transaction that ends it. Nothing
-- here grows but with games: one ladder_games row per ladder game, which stays as games do.

CREATE TABLE ladders (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL,                    -- the game: gates | hy3 | gaia
  name TEXT NOT NULL,                    -- 1-40 printable ASCII characters, no blanks
  organiser_id INTEGER NOT NULL REFERENCES users(id),
  reach INTEGER NOT NULL,                -- -reach=N (1..10): how many rungs up one may climb
  game_options TEXT NOT NULL,            -- every game's options, canonical (as games.options)
  rated INTEGER NOT NULL DEFAULT 1,
  days_per_move INTEGER NOT NULL DEFAULT 0,
  time_bank TEXT,                        -- -clock=B+I as written (games.time_bank); NULL: days
  created_at TEXT NOT NULL
);
CREATE INDEX ladders_by_type ON ladders(type, id);
CREATE INDEX ladders_by_organiser ON ladders(organiser_id);

CREATE TABLE ladder_rungs (
  ladder_id INTEGER NOT NULL REFERENCES ladders(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  rung INTEGER NOT NULL,                 -- 1 at the top
  since TEXT NOT NULL,                   -- when they came to this rung
  PRIMARY KEY (ladder_id, user_id)
);
CREATE INDEX ladder_rungs_in_order ON ladder_rungs(ladder_id, rung);
CREATE INDEX ladder_rungs_by_user ON ladder_rungs(user_id);

-- The games of a ladder: who climbed whom; winner_id and ended_at are written in the
-- transaction that ends the game (both NULL while it runs, winner_id NULL after an abort),
-- climbed_to the rung the climber took when they won and moved.
CREATE TABLE ladder_games (
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  ladder_id INTEGER NOT NULL REFERENCES ladders(id),
  climber_id INTEGER NOT NULL REFERENCES users(id),
  target_id INTEGER NOT NULL REFERENCES users(id),
  winner_id INTEGER REFERENCES users(id),
  climbed_to INTEGER,
  ended_at TEXT
);
-- The games still running (the climb limits read them), and the last results, newest first.
CREATE INDEX ladder_games_open ON ladder_games(ladder_id) WHERE ended_at IS NULL;
CREATE INDEX ladder_games_by_end ON ladder_games(ladder_id, ended_at);
