-- Outgoing mail without a spam relay (issue 9 item 4, issue 19 items 3 and 4):
-- addresses are confirmed before they get anything but the confirmation request, and
-- every outbox row says what kind of mail it is, so each limit counts only its own kind.
ALTER TABLE addresses ADD COLUMN confirmed_at TEXT;   -- NULL: not confirmed yet
-- Addresses registered before this migration have been receiving mail all along: they
-- stay usable (confirming them now would cut off running games).
UPDATE addresses SET confirmed_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now');
CREATE TABLE address_confirmations (
  user_id INTEGER NOT NULL REFERENCES users(id),
  address TEXT NOT NULL,                  -- normalised, as in addresses
  code_hash TEXT NOT NULL,                -- BLAKE2b (crypto_generichash) of the code, hex
  expires_at TEXT NOT NULL,               -- ISO 8601 UTC
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, address)
);
-- reply: an answer to a command (help, errors, show ...) - the only kind the reply limit counts;
-- game: board mail to players; relay: message and chat text from one user to another;
-- confirmation: the confirmation request; notice: the one "further replies are not answered".
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'reply'
  CHECK (kind IN ('reply', 'game', 'relay', 'confirmation', 'notice'));
ALTER TABLE outbox ADD COLUMN relayed_by INTEGER REFERENCES users(id);  -- sender of relay mail
CREATE INDEX outbox_by_kind ON outbox(kind, recipient, created_at);
CREATE INDEX outbox_by_relayer ON outbox(relayed_by, created_at) WHERE relayed_by IS NOT NULL;
