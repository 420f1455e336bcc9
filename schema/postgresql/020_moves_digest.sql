-- A hash chained over a game's type, options and stored plies (issue 33 item 3): the key
-- under which the process keeps the position those plies make (storage/position_cache.h),
-- so a move in a long game does not replay the whole record. NULL for games stored before
-- this migration until their next ply, which computes it from the moves once.
ALTER TABLE games ADD COLUMN moves_digest TEXT;
