-- Takebacks, aborts, rematches and watchers (issue 13; docs/commands.md "Takebacks, aborts,
-- rematches, watchers").

-- An `undo` or `abort` one player proposes and the other accepts or declines. At most one
-- is pending per game; a ply cancels it. Answered proposals stay as the game's record of them.
CREATE TABLE proposals (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  kind TEXT NOT NULL CHECK (kind IN ('undo', 'abort')),
  proposed_by INTEGER NOT NULL REFERENCES users(id),
  at_ply INTEGER NOT NULL,                -- the game's plies when it was proposed
  state TEXT NOT NULL CHECK (state IN ('pending', 'accepted', 'declined', 'withdrawn', 'cancelled')),
  created_at TEXT NOT NULL,
  answered_at TEXT,                       -- ISO 8601 UTC; NULL while pending
  answered_by INTEGER REFERENCES users(id)  -- who accepted, declined or withdrew; NULL when a ply cancelled it
);
CREATE UNIQUE INDEX proposals_one_pending ON proposals(game_id) WHERE state = 'pending';

-- Each ply taken back by an accepted `undo`: the move row as it was, and when it went. The
-- moves table then holds the record as if the ply had never been played.
CREATE TABLE takebacks (
  game_id INTEGER NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  colour INTEGER NOT NULL CHECK (colour IN (0, 1)),
  user_id INTEGER NOT NULL REFERENCES users(id),
  played_at TEXT NOT NULL,
  taken_back_at TEXT NOT NULL,
  proposal_id INTEGER NOT NULL REFERENCES proposals(id)
);
CREATE INDEX takebacks_by_game ON takebacks(game_id);

-- Users who watch a game (`<game> subscribe N ...`): they get every board mail of it.
CREATE TABLE watchers (
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
-- Users who watch every new game of a kind (`<game> subscribe userid password all`).
CREATE TABLE kind_watchers (
  game_type TEXT NOT NULL,                -- gates | hy3 | gaia
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (game_type, user_id)
);

-- A game started by `rematch`: the finished game it replays. One rematch per game.
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games(id);
CREATE UNIQUE INDEX games_by_rematch_of ON games(rematch_of) WHERE rematch_of IS NOT NULL;
