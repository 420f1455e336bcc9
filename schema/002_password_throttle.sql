-- Identity hardening (issue 9 items 6, 9, 13).
-- Wrong passwords per user, for the per-hour throttle. Rows are written outside the
-- command's savepoint (a refused command changes nothing else) and pruned after an hour.
CREATE TABLE password_failures (
  user_id INTEGER NOT NULL REFERENCES users(id),
  failed_at TEXT NOT NULL                 -- ISO 8601 UTC
);
CREATE INDEX password_failures_by_user ON password_failures(user_id, failed_at);

-- A game ended with `<game> abort N userid password` before its first move: who ended it.
-- Its status is 'finished' with no winner.
ALTER TABLE games ADD COLUMN aborted_by INTEGER REFERENCES users(id);

-- Duplicates: the same bytes (digest), or the same Message-ID from the same sender. A
-- Message-ID alone is chosen by whoever writes the mail, so another sender reusing one
-- must not get their message dropped.
ALTER TABLE inbox ADD COLUMN origin TEXT;  -- normalised From address ('' when none)
DROP INDEX inbox_by_message_id;
CREATE UNIQUE INDEX inbox_by_message_id ON inbox(message_id, origin) WHERE message_id IS NOT NULL;
