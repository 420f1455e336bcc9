-- Two reads that grew with every game ever played (issue 33 item 2, found by bench/scale).
-- The end_order of a game that ends: PostgreSQL already answers max(end_order) from the
-- index games_by_end_order (an index-only scan backward), so its trigger stays as it is;
-- the SQLite twin of this migration rewrites its trigger.
-- `<game> games` without a userid lists the games in progress (or the finished ones) by
-- number, at most a hundred, and counts the rest (storage/game_records.cpp of_type).
CREATE INDEX games_by_type_status ON games(type, status, id);
