-- PostgreSQL's 038 (see ../038_account_erasure.sql).
ALTER TABLE users ADD COLUMN deleted_at TEXT;
CREATE TABLE erased_userids (
  userid_hash TEXT PRIMARY KEY,
  erased_at TEXT NOT NULL
);
ALTER TABLE outbox ADD COLUMN forget_on_settle BIGINT NOT NULL DEFAULT 0;
