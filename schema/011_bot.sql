-- The built-in computer opponent (issue 17). Its account is an ordinary users row (so games,
-- moves and ratings need nothing new) marked as the computer's: it has no address and no
-- usable password, and the server plays its moves itself. The mark, not the configured
-- userid, decides: a player who signed up under that userid earlier stays a player.
ALTER TABLE users ADD COLUMN computer INTEGER NOT NULL DEFAULT 0;
