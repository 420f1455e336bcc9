-- Ratings and standings (issue 12; spec/server.md "Ratings and standings"): Glicko-2, one
-- rating per (user, game name), each finished rated game one rating period for its two
-- players, written in the transaction that ends the game.

-- `-unrated` challenges store 0; every earlier game was rated.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
-- When and as which one a game finished (1, 2, 3, ... across all games): `pbem ratings
-- --rebuild` replays the rating periods in this order. Timestamps have whole seconds, so two
-- games ending in the same second need the counter to keep their order.
ALTER TABLE games ADD COLUMN ended_at TEXT;
ALTER TABLE games ADD COLUMN end_order INTEGER;
CREATE UNIQUE INDEX games_by_end_order ON games(end_order) WHERE end_order IS NOT NULL;
-- Games that finished before this migration: their last update is when they ended.
UPDATE games SET ended_at = updated_at WHERE status = 'finished';
UPDATE games SET end_order = (
    SELECT count(*) FROM games earlier WHERE earlier.status = 'finished'
      AND (earlier.updated_at < games.updated_at OR (earlier.updated_at = games.updated_at AND earlier.id <= games.id)))
  WHERE status = 'finished';
-- Every way a game can finish (a winning move, a resignation, an abort, later a loss on
-- time) sets status = 'finished'; the database stamps the end itself, so no path can miss it.
CREATE TRIGGER games_stamp_end AFTER UPDATE OF status ON games
  WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
BEGIN
  UPDATE games SET ended_at = NEW.updated_at,
                   end_order = (SELECT coalesce(max(end_order), 0) + 1 FROM games)
    WHERE id = NEW.id;
END;

-- The current rating of each player in each game they have finished a rated game of.
-- Doubles as computed (REAL is IEEE 754 binary64, stored bit for bit), so a rebuild
-- compares equal, not merely close.
CREATE TABLE ratings (
  user_id INTEGER NOT NULL REFERENCES users(id),
  game_type TEXT NOT NULL,                -- gates | hy3 | gaia
  rating REAL NOT NULL,                   -- Glicko scale: starts at 1500
  deviation REAL NOT NULL,                -- RD: starts at 350
  volatility REAL NOT NULL,               -- sigma: starts at 0.06
  games INTEGER NOT NULL,                 -- rated games finished
  wins INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (game_type, user_id)
);
-- One row per player of each rated game: the rating period's before and after. Shows in
-- the mail that ends the game, and tells a rebuild which games were rated and how.
CREATE TABLE rating_changes (
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  score REAL NOT NULL,                    -- 1 win, 0 loss
  rating_before REAL NOT NULL, deviation_before REAL NOT NULL, volatility_before REAL NOT NULL,
  rating_after REAL NOT NULL, deviation_after REAL NOT NULL, volatility_after REAL NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes(user_id);
