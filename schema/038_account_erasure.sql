-- Erasure (issue 57, server.md "Accounts you cannot lose, and can leave"; docs/commands.md
-- "Your account"). `delete userid password code` keeps the account's row, which its games,
-- moves and ratings refer to, as a tombstone: its userid becomes 'deleted:<id>' (no typed
-- userid has a ':'; records and the web show it as `deleted`), its password and settings
-- go, and deleted_at says when.
ALTER TABLE users ADD COLUMN deleted_at TEXT;
-- The userids erased, as keyed BLAKE2b hashes (the key: server_secrets' 'erased_userid'):
-- `signup` refuses them for ever, and nothing here says which userid they were.
CREATE TABLE erased_userids (
  userid_hash TEXT PRIMARY KEY,
  erased_at TEXT NOT NULL
);
-- The one answer to the erasing command goes to an address the account had: its outbox
-- row goes as soon as it is delivered or fails for good (Outbox::mark_sent, mark_failed).
ALTER TABLE outbox ADD COLUMN forget_on_settle INTEGER NOT NULL DEFAULT 0;
