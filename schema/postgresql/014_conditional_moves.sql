-- PostgreSQL's 014 (see ../014_conditional_moves.sql).
CREATE TABLE conditional_moves (
  game_id BIGINT NOT NULL REFERENCES games(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  line_no BIGINT NOT NULL,
  at_ply BIGINT NOT NULL,
  plies TEXT NOT NULL,
  PRIMARY KEY (game_id, user_id, line_no)
);
