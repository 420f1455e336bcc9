-- The daily digest (issue 30; spec "Daily digest"; docs/commands.md "The daily digest"):
-- one mail a day at the user's hour listing every game where it is their move, and the
-- choice to stop the board mails of other players' moves.

-- The hour (UTC, 0..23) of the user's digest; NULL: no digest.
ALTER TABLE users ADD COLUMN digest_hour INTEGER;
-- When the next digest is due (ISO 8601 UTC, the next digest_hour:00); NULL: no digest.
-- Moved on to the next day in the transaction that sends (or, with no game waiting, skips)
-- a digest, so each is sent once.
ALTER TABLE users ADD COLUMN digest_next_at TEXT;
-- 0: no board mail about other players' moves (opponents' moves, watched games); only
-- while a digest is on. 1: as everyone.
ALTER TABLE users ADD COLUMN movemail INTEGER NOT NULL DEFAULT 1;
CREATE INDEX users_by_digest ON users(digest_next_at) WHERE digest_next_at IS NOT NULL;

-- The digest addresses handed out (Reply-To of each digest): the token (a keyed MAC of
-- "digest", the userid and the password generation, as game addresses) names its user;
-- a reply after a password change finds an older generation and is refused, saying why.
CREATE TABLE digest_addresses (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  password_generation INTEGER NOT NULL
);
