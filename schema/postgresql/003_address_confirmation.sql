-- PostgreSQL's 003 (see ../003_address_confirmation.sql).
ALTER TABLE addresses ADD COLUMN confirmed_at TEXT;
UPDATE addresses SET confirmed_at = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
CREATE TABLE address_confirmations (
  user_id BIGINT NOT NULL REFERENCES users(id),
  address TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, address)
);
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'reply'
  CHECK (kind IN ('reply', 'game', 'relay', 'confirmation', 'notice'));
ALTER TABLE outbox ADD COLUMN relayed_by BIGINT REFERENCES users(id);
CREATE INDEX outbox_by_kind ON outbox(kind, recipient, created_at);
CREATE INDEX outbox_by_relayer ON outbox(relayed_by, created_at) WHERE relayed_by IS NOT NULL;
