-- Accounts you cannot lose, and can leave (issue 57; docs/commands.md "Your account").
-- The one-time codes mailed to an account's confirmed addresses: `forgot userid` makes a
-- 'reset' code, which `reset userid code newpassword` uses; `delete userid password` a
-- 'delete' code. Only a keyed BLAKE2b hash of a code is kept (its key: server_secrets'
-- 'account_code'), never the code. A code is valid until expires_at (an hour) and once
-- (used_at); its row stays a day, as the count of the account's codes that day (at most 3),
-- then retention deletes it.
CREATE TABLE account_codes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'delete')),
  code_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
-- An account's codes of one purpose, newest last: the day's count and the codes a typed
-- one is compared with.
CREATE INDEX account_codes_by_user ON account_codes(user_id, purpose, created_at);
-- Retention: the rows over a day old.
CREATE INDEX account_codes_by_age ON account_codes(created_at);
-- `export userid password` reads everything of one account by index, a page at a time: the
-- games it watches and the tournaments it organises had none by user.
CREATE INDEX watchers_by_user ON watchers(user_id, game_id);
CREATE INDEX tournaments_by_organiser ON tournaments(organiser_id);
