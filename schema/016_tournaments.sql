-- Tournaments (issue 29; spec "Tournaments"; docs/operating.md "Tournaments"): round robin,
-- Swiss and knockout, organised and played by mail. The pairing, scores and tables are
-- computed from these rows by server/tournament/ (pure code); nothing derived is stored
-- except each game's result, written in the transaction that ends the game.

CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL,                    -- the game: gates | hy3 | gaia
  name TEXT NOT NULL,                    -- 1-40 printable ASCII characters, no blanks
  organiser_id INTEGER NOT NULL REFERENCES users(id),
  format TEXT NOT NULL,                  -- roundrobin | swiss | knockout
  players INTEGER,                       -- -players=N: starts when that many have joined
  rounds INTEGER,                        -- Swiss -rounds=N; NULL: the default, fixed at the start
  starts_at TEXT,                        -- -start=YYYY-MM-DD as 'YYYY-MM-DDT00:00:00Z'
  double_round INTEGER NOT NULL DEFAULT 0,  -- round robin -double
  game_options TEXT NOT NULL,            -- every game's options, canonical (as games.options)
  rated INTEGER NOT NULL DEFAULT 1,
  days_per_move INTEGER NOT NULL DEFAULT 0,
  time_bank TEXT,                        -- -clock=B+I as written (games.time_bank); NULL: days
  status TEXT NOT NULL DEFAULT 'open',   -- open | running | finished | cancelled
  round INTEGER NOT NULL DEFAULT 0,      -- the round being played (0 before the start)
  created_at TEXT NOT NULL,
  started_at TEXT,
  ended_at TEXT                          -- finished or cancelled
);
-- The tick's query: open tournaments whose start date has come.
CREATE INDEX tournaments_to_start ON tournaments(starts_at) WHERE status = 'open';
CREATE INDEX tournaments_by_type ON tournaments(type, status);

CREATE TABLE tournament_entrants (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  entry_order INTEGER NOT NULL,          -- 1 for the first to join, ...
  rating REAL,                           -- the rating at the start (seeding, tie-breaks)
  withdrawn INTEGER NOT NULL DEFAULT 0,  -- left after the start: not paired again
  PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entrants_by_user ON tournament_entrants(user_id);

-- The games of a tournament; winner_id is written in the transaction that ends the game.
CREATE TABLE tournament_games (
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round INTEGER NOT NULL,
  winner_id INTEGER REFERENCES users(id)
);
CREATE INDEX tournament_games_by_round ON tournament_games(tournament_id, round);

-- Byes: a Swiss round's one, a knockout's (to the top seeds, or past a player who left).
CREATE TABLE tournament_byes (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (tournament_id, round, user_id)
);
