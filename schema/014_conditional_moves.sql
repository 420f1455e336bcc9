-- Conditional moves (issue 28; docs/commands.md "Conditional moves"): each player's tree of
-- answers to the opponent's next plies in one game, stored as its lines (the paths from the
-- root to the leaves; the tree is their union). A line is canonical plies separated by
-- blanks, the opponent's first, alternating. Private to its owner: nothing shows it to
-- anyone else. Deleted when the game ends, on a takeback or an agreed abort, and when the
-- opponent plays a ply no line starts with.
CREATE TABLE conditional_moves (
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  line_no INTEGER NOT NULL,               -- 1, 2, ... in the order the owner sees them
  at_ply INTEGER NOT NULL,                -- the game's plies when the line's first ply is due
  plies TEXT NOT NULL,
  PRIMARY KEY (game_id, user_id, line_no)
);
