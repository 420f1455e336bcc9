-- Leagues (issue 43; spec "Leagues: a championship that runs itself"; docs/commands.md
-- "Leagues"): seasons of divisions, each division a round robin; after each season players
-- move up and down, and the next season starts in the transaction that ends the last game.
-- The placement and moves are computed by server/tournament/league_rules.* (pure code);
-- stored are the league, its members, each season's divisions and each game's result.

CREATE TABLE leagues (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL,                    -- the game: gates | hy3 | gaia
  name TEXT NOT NULL,                    -- 1-40 printable ASCII characters, no blanks
  organiser_id INTEGER NOT NULL REFERENCES users(id),
  group_size INTEGER NOT NULL,           -- -group: players per division, 4..12
  up INTEGER NOT NULL,                   -- -up: rise from each division but the first
  down INTEGER NOT NULL,                 -- -down: fall from each division but the last
  game_options TEXT NOT NULL,            -- every game's options, canonical (as games.options)
  rated INTEGER NOT NULL DEFAULT 1,
  days_per_move INTEGER NOT NULL DEFAULT 0,
  time_bank TEXT,                        -- -clock=B+I as written (games.time_bank); NULL: days
  status TEXT NOT NULL DEFAULT 'open',   -- open (before its first season) | running | waiting
                                         -- (too few players for the next season)
  season INTEGER NOT NULL DEFAULT 0,     -- the season being played, or the last one (0 before)
  created_at TEXT NOT NULL,
  started_at TEXT
);
CREATE INDEX leagues_by_type ON leagues(type, id);

-- Who is in the league: a member plays the current season (league_places) or waits for the
-- next one. `leaving`: they said `leave` during a season and go at its end.
CREATE TABLE league_members (
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  entry_order INTEGER NOT NULL,          -- 1 for the first to join, ...
  leaving INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (league_id, user_id)
);
CREATE INDEX league_members_by_user ON league_members(user_id);

-- Each season's divisions: one row per player and season, kept with the season's games (the
-- tables of a finished season are computed from these and the games).
CREATE TABLE league_places (
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  season INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  division INTEGER NOT NULL,             -- 1 = the top
  position INTEGER NOT NULL,             -- order within the division as placed (1, 2, ...)
  rating REAL NOT NULL,                  -- the rating at the season's start (tie-breaks)
  from_division INTEGER,                 -- the division of the season before; NULL: new
  PRIMARY KEY (league_id, season, user_id)
);

-- The games of a league; winner_id and ended are written in the transaction that ends it.
CREATE TABLE league_games (
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  season INTEGER NOT NULL,
  division INTEGER NOT NULL,
  winner_id INTEGER REFERENCES users(id),
  ended INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX league_games_by_season ON league_games(league_id, season, division);
