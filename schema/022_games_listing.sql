-- Two reads that grew with every game ever played (issue 33 item 2, found by bench/scale).
-- A game that ends took its end_order from max(end_order) over the whole table: SQLite
-- does not answer that from the partial index games_by_end_order (schema 005) unless the
-- query says end_order IS NOT NULL itself, so each game's end read every game.
DROP TRIGGER games_stamp_end;
CREATE TRIGGER games_stamp_end AFTER UPDATE OF status ON games
  WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
BEGIN
  UPDATE games SET ended_at = NEW.updated_at,
                   end_order = (SELECT coalesce(max(end_order), 0) + 1 FROM games WHERE end_order IS NOT NULL)
    WHERE id = NEW.id;
END;
-- `<game> games` without a userid lists the games in progress (or the finished ones) by
-- number, at most a hundred, and counts the rest (storage/game_records.cpp of_type).
CREATE INDEX games_by_type_status ON games(type, status, id);
