-- PostgreSQL's 005 (see ../005_ratings.sql). REAL -> DOUBLE PRECISION (binary64, as
-- SQLite's REAL); the trigger stamping a game's end is a BEFORE trigger setting NEW.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN ended_at TEXT;
ALTER TABLE games ADD COLUMN end_order BIGINT;
CREATE UNIQUE INDEX games_by_end_order ON games(end_order) WHERE end_order IS NOT NULL;
UPDATE games SET ended_at = updated_at WHERE status = 'finished';
UPDATE games SET end_order = (
    SELECT count(*) FROM games earlier WHERE earlier.status = 'finished'
      AND (earlier.updated_at < games.updated_at OR (earlier.updated_at = games.updated_at AND earlier.id <= games.id)))
  WHERE status = 'finished';
CREATE FUNCTION games_stamp_end() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  NEW.ended_at := NEW.updated_at;
  NEW.end_order := (SELECT coalesce(max(end_order), 0) + 1 FROM games);
  RETURN NEW;
END
$body$;
CREATE TRIGGER games_stamp_end BEFORE UPDATE OF status ON games FOR EACH ROW
  WHEN (NEW.status = 'finished' AND OLD.status <> 'finished')
  EXECUTE FUNCTION games_stamp_end();

CREATE TABLE ratings (
  user_id BIGINT NOT NULL REFERENCES users(id),
  game_type TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games BIGINT NOT NULL,
  wins BIGINT NOT NULL,
  losses BIGINT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (game_type, user_id)
);
CREATE TABLE rating_changes (
  game_id BIGINT NOT NULL REFERENCES games(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  score DOUBLE PRECISION NOT NULL,
  rating_before DOUBLE PRECISION NOT NULL, deviation_before DOUBLE PRECISION NOT NULL,
  volatility_before DOUBLE PRECISION NOT NULL,
  rating_after DOUBLE PRECISION NOT NULL, deviation_after DOUBLE PRECISION NOT NULL,
  volatility_after DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes(user_id);
