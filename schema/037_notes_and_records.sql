-- Notes (issue 54, server.md "Notes"): a player's own text on a game, written after the
-- game's current ply. Private to its author; a sealed note becomes public when the game
-- ends (server/storage/game_notes.h says who reads which).
CREATE TABLE notes (
  id INTEGER PRIMARY KEY,               -- in the order written
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  ply INTEGER NOT NULL,                 -- written after this ply (0: before the first)
  sealed INTEGER NOT NULL DEFAULT 0,    -- 1: public once the game is over
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX notes_by_game ON notes(game_id, user_id, id);

-- `set userid password records on|off`: each player's game-over mail carries the game's SGF
-- record with their own notes, unless they turned it off.
ALTER TABLE users ADD COLUMN records INTEGER NOT NULL DEFAULT 1;

-- `all records userid`: a user's finished games by when they ended, a page by index per
-- seat and kind, whatever their history.
CREATE INDEX games_by_player0_ended ON games(player0, type, status, ended_at, id);
CREATE INDEX games_by_player1_ended ON games(player1, type, status, ended_at, id);

-- `<game> fork board#K ...` (server.md "Forking a finished game"): the game and ply a
-- fork starts from; its first K moves are that game's, copied.
ALTER TABLE games ADD COLUMN fork_of_game INTEGER REFERENCES games(id);
ALTER TABLE games ADD COLUMN fork_of_ply INTEGER;
