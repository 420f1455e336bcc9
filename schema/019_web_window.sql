-- Lists that must not read every game ever played: the web window's front page (issue 31;
-- the games in progress by their last move, the results of the last seven days) and
-- `<game> games` (issue 33: no hot path scans a growing table, tests/server/query_plan_test.cpp).
CREATE INDEX games_in_progress ON games(status, updated_at);
CREATE INDEX games_by_ended_at ON games(ended_at) WHERE ended_at IS NOT NULL;
-- `<game> games` lists a game's games by their number (storage/game_records.cpp list()).
CREATE INDEX games_by_type ON games(type, id);
