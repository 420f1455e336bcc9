-- The durable event queue (issue 53, server/storage/event_queue.h): every event an act
-- appends to its unit of work (server/play/events.h) is also written here, in the same
-- transaction, so that what a committed transaction did survives a crash and what a
-- rolled-back one did never appears. Slow consumers (a game's record mail, the computer's
-- review) read after the commit, each from its own cursor. AUTOINCREMENT: an id is never
-- reused after retention deletes the newest rows, so no cursor can skip a new event.
CREATE TABLE game_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,  -- in commit order: one writer at a time
  kind TEXT NOT NULL,                    -- the event's name (ply_stored, game_ended, ...)
  game_id INTEGER,                       -- the game it concerns; NULL for none
  data TEXT NOT NULL,                    -- its fields, a JSON object
  created_at TEXT NOT NULL
);
CREATE INDEX game_events_by_game ON game_events(game_id, id);

-- Each consumer's cursor: the newest event it has dealt with. It moves in the transaction
-- that does the consumer's work on that event, so each event reaches each consumer once.
CREATE TABLE event_consumers (
  name TEXT PRIMARY KEY,
  last_event_id INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
