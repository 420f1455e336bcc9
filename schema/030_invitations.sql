-- Every game by consent (issue 42; spec "Consent: a challenge is an invitation" and "Open
-- invitations: finding an opponent"). An invitation is a game row with a status of its
-- own, so it has its number #N, its game addresses and its thread from the start, and every
-- list, cap and clock that reads status = 'active' or 'finished' leaves it out by itself:
--   invited  waiting for the invitee's accept or decline
--   open     waiting for anyone to take it (both seats hold the challenger until then;
--            open_seat is the one the taker gets, and stays set: it was an open one)
--   declined / withdrawn / lapsed  ended before it started: never rated, never listed
-- Accepting turns it 'active' (the clock starts then). The CHECK of games.status is widened
-- in place, SQLite's documented procedure for loosening a constraint
-- (https://sqlite.org/lang_altertable.html#otheralter, writable_schema; RESET reloads the
-- schema of this connection): no stored row changes, and a rebuild of games is impossible
-- inside the migration's transaction while foreign keys point at it.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
  SET sql = replace(sql, 'CHECK (status IN (''active'', ''finished''))',
                    'CHECK (status IN (''active'', ''finished'', ''invited'', ''open'', ''declined'', ''withdrawn'', ''lapsed''))')
  WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
-- The challenger (the other seat is the invitee), when the invitation lapses (ISO 8601 UTC;
-- NULL once started or ended), and an open invitation's rating range (NULL: anyone).
ALTER TABLE games ADD COLUMN invited_by INTEGER REFERENCES users(id);
ALTER TABLE games ADD COLUMN lapses_at TEXT;
ALTER TABLE games ADD COLUMN rating_low INTEGER;
ALTER TABLE games ADD COLUMN rating_high INTEGER;
ALTER TABLE games ADD COLUMN open_seat INTEGER CHECK (open_seat IN (0, 1));
-- The tick's lapsing and the pending invitations a user sent (limits.pending_invitations)
-- read these, never every game.
CREATE INDEX games_invitations_to_lapse ON games(lapses_at) WHERE status IN ('invited', 'open');
CREATE INDEX games_invitations_by_inviter ON games(invited_by) WHERE status IN ('invited', 'open');
-- `set userid password challenges ask|auto|none`.
ALTER TABLE users ADD COLUMN challenges TEXT NOT NULL DEFAULT 'ask' CHECK (challenges IN ('ask', 'auto', 'none'));
-- `block userid password other`: blocker refuses blocked's challenges, acceptances, chat
-- and message, without ever saying so.
CREATE TABLE blocks (
  blocker INTEGER NOT NULL REFERENCES users(id),
  blocked INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (blocker, blocked)
);
