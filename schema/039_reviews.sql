-- The computer's review of a finished game (issue 55, server.md "The computer's review of
-- a finished game"; docs/commands.md "The computer's review"). A row is a review asked
-- (`<game> review`) or due (`reviews auto`), written in the transaction that asked for it,
-- so a crash loses none; the review's mail is queued in the transaction that sets done_at,
-- so none is sent twice. Waiting rows are served oldest first, one at a time.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),  -- who gets it
  automatic INTEGER NOT NULL DEFAULT 0,            -- 1: `reviews auto`, not counted per day
  asked_at TEXT NOT NULL,
  done_at TEXT                                     -- NULL: waiting
);
CREATE INDEX reviews_waiting ON reviews(done_at, id);
CREATE INDEX reviews_by_user ON reviews(user_id, asked_at);
-- `set userid password reviews auto|off` [off].
ALTER TABLE users ADD COLUMN reviews_auto INTEGER NOT NULL DEFAULT 0;
-- The reviews' consumer of the event queue (pipeline/automatic_reviews.h) exists from here
-- on: a fresh database's games are all its own, an upgraded one's from the upgrade.
INSERT INTO event_consumers (name, last_event_id, updated_at)
SELECT 'automatic_reviews', coalesce((SELECT max(id) FROM game_events), 0), strftime('%Y-%m-%dT%H:%M:%SZ', 'now');
