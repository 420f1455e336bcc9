-- Moving by replying (docs/commands.md "Moving by replying"): every game mail to a player
-- carries a per-player game address whose token is a keyed MAC of the game, the userid and
-- the user's password generation, so changing the password retires every older address.
ALTER TABLE users ADD COLUMN password_generation INTEGER NOT NULL DEFAULT 0;

-- Keys the server made for itself (never mailed, never logged): `game_address` keys the
-- MAC of game addresses. Created on first use (pbem init makes it at once).
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  secret BLOB NOT NULL,
  created_at TEXT NOT NULL
);

-- The envelope recipients of a message received over SMTP (JSON array), which name the
-- game address a reply was sent to; NULL for mail that came through `pbem ingest`.
ALTER TABLE inbox ADD COLUMN envelope_to TEXT;
