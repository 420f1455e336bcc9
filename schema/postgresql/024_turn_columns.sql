-- Listings read their page and a count from stored columns and replay no game (issue 40
-- item 6): what one mail costs must not grow with the server's history.
-- Whose turn it is: the user to move, NULL once the game is over (won, lost on time,
-- aborted). Every write of a ply or a result keeps it (storage/game_records.cpp), from the
-- engine's position after that write.
ALTER TABLE games ADD COLUMN to_move BIGINT REFERENCES users(id);
-- 1 once ply 2 was a swap: player0 then plays the second colour and player1 the first.
ALTER TABLE games ADD COLUMN swapped BIGINT NOT NULL DEFAULT 0 CHECK (swapped IN (0, 1));
-- The games already stored, exactly as a replay gives it, by the rules every game shares
-- (engine/game.cpp): colours alternate after each placement; a swap is only ever ply 2 and
-- keeps the colour to move, which the user who made ply 1 now holds; a resignation ends
-- the game. So in a game still active the seat to move is plies % 2, swap or not
-- (tests/server/migrations_test.cpp checks this against replays of random games).
UPDATE games SET swapped = 1
  WHERE EXISTS (SELECT 1 FROM moves m WHERE m.game_id = games.id AND m.ply = 2 AND m.move = 'swap');
UPDATE games SET to_move = CASE plies % 2 WHEN 0 THEN player0 ELSE player1 END WHERE status = 'active';
-- `games` and `all show` with userids: each user's games of a kind, in progress or
-- finished, by number (at most a page of them read per user and seat); `games ... next`
-- and `all show <userid> next`: the games a user is to move in, by number.
CREATE INDEX games_by_player0_listing ON games(player0, type, status, id);
CREATE INDEX games_by_player1_listing ON games(player1, type, status, id);
CREATE INDEX games_by_to_move ON games(to_move, type, id) WHERE to_move IS NOT NULL;
-- `<game> ratings`: the best hundred players of a kind without sorting them all.
CREATE INDEX ratings_by_rating ON ratings(game_type, rating);
