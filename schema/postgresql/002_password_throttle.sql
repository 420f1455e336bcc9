-- PostgreSQL's 002 (see ../002_password_throttle.sql for the why of each change).
CREATE TABLE password_failures (
  user_id BIGINT NOT NULL REFERENCES users(id),
  failed_at TEXT NOT NULL
);
CREATE INDEX password_failures_by_user ON password_failures(user_id, failed_at);

ALTER TABLE games ADD COLUMN aborted_by BIGINT REFERENCES users(id);

ALTER TABLE inbox ADD COLUMN origin TEXT;
DROP INDEX inbox_by_message_id;
CREATE UNIQUE INDEX inbox_by_message_id ON inbox(message_id, origin) WHERE message_id IS NOT NULL;
