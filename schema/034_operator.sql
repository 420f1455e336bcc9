-- The operator, second round (issue 58; docs/operating.md "Moderation").
-- A suspended account: its commands are refused with the reason and the end (NULL: until
-- `pbem unsuspend`), except help, export and delete; its clocks run as usual.
CREATE TABLE suspensions (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  reason TEXT NOT NULL,
  until TEXT,
  suspended_at TEXT NOT NULL
);

-- Every act of `pbem suspend`, `unsuspend`, `void`, `adjudicate` and `announce`: when, the
-- login name of the operator who ran it, what and on whom, and why. Listed by `pbem audit`.
-- AUTOINCREMENT: ids never reused, so the list reads in the order the acts were done.
CREATE TABLE operator_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  operator TEXT NOT NULL,
  action TEXT NOT NULL,
  user_id INTEGER,
  game_id INTEGER,
  reason TEXT NOT NULL
);

-- `report userid password other [board]`: one a reporter and reported player a day. The
-- report's text goes only to server.operator's mail; this row is what the limit counts.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reporter_id INTEGER NOT NULL REFERENCES users(id),
  reported_id INTEGER NOT NULL REFERENCES users(id),
  game_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX reports_by_pair ON reports(reporter_id, reported_id, created_at);

-- `set userid password announcements on|off`: whether `pbem announce` mails this account.
ALTER TABLE users ADD COLUMN announcements INTEGER NOT NULL DEFAULT 1;

-- How the operator ended a game: 'void' (no result, unrated) or 'adjudicated' (a win the
-- operator gave); NULL for every game its players or the clock ended.
ALTER TABLE games ADD COLUMN verdict TEXT;

-- An announcement's mail is paced: the sender takes at most
-- limits.announcements_per_minute of them a minute, after the other due mail. (Its kind
-- stays 'notice': schema 003's CHECK names the kinds, and a CHECK is for ever in SQLite.)
ALTER TABLE outbox ADD COLUMN paced INTEGER NOT NULL DEFAULT 0;
CREATE INDEX outbox_paced_sent ON outbox(sent_at) WHERE paced = 1 AND sent_at IS NOT NULL;

-- On PostgreSQL, the sender that claimed a queued row (its session advisory lock's key):
-- a claim whose claimer holds its lock no more (killed) is taken at once, not after
-- outbox.claim_seconds. SQLite claims nothing (one daemon) and leaves it NULL.
ALTER TABLE outbox ADD COLUMN claimed_by INTEGER;
CREATE INDEX outbox_claimed ON outbox(claimed_by) WHERE claimed_by IS NOT NULL;
