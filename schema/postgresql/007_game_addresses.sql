-- PostgreSQL's 007 (see ../007_game_addresses.sql).
ALTER TABLE users ADD COLUMN password_generation BIGINT NOT NULL DEFAULT 0;
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  secret BYTEA NOT NULL,
  created_at TEXT NOT NULL
);
ALTER TABLE inbox ADD COLUMN envelope_to TEXT;
