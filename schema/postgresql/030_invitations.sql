-- PostgreSQL's 030 (see ../030_invitations.sql): invitations are games with a status of
-- their own; the challenges setting; blocks.
ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check
  CHECK (status IN ('active', 'finished', 'invited', 'open', 'declined', 'withdrawn', 'lapsed'));
ALTER TABLE games ADD COLUMN invited_by BIGINT REFERENCES users(id);
ALTER TABLE games ADD COLUMN lapses_at TEXT;
ALTER TABLE games ADD COLUMN rating_low BIGINT;
ALTER TABLE games ADD COLUMN rating_high BIGINT;
ALTER TABLE games ADD COLUMN open_seat BIGINT CHECK (open_seat IN (0, 1));
CREATE INDEX games_invitations_to_lapse ON games(lapses_at) WHERE status IN ('invited', 'open');
CREATE INDEX games_invitations_by_inviter ON games(invited_by) WHERE status IN ('invited', 'open');
ALTER TABLE users ADD COLUMN challenges TEXT NOT NULL DEFAULT 'ask' CHECK (challenges IN ('ask', 'auto', 'none'));
CREATE TABLE blocks (
  blocker BIGINT NOT NULL REFERENCES users(id),
  blocked BIGINT NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (blocker, blocked)
);
