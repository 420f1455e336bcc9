-- PostgreSQL's 017 (see ../017_digest.sql).
ALTER TABLE users ADD COLUMN digest_hour BIGINT;
ALTER TABLE users ADD COLUMN digest_next_at TEXT;
ALTER TABLE users ADD COLUMN movemail BIGINT NOT NULL DEFAULT 1;
CREATE INDEX users_by_digest ON users(digest_next_at) WHERE digest_next_at IS NOT NULL;
CREATE TABLE digest_addresses (
  token TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  password_generation BIGINT NOT NULL
);
