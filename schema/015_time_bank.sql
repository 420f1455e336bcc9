-- The time bank (issue 29; spec "Time bank"; README "The clock"): a challenge's
-- -clock=B+I instead of -days. Each player has a bank of at most B; the bank of the player
-- to move runs, and I is added after each of their moves. The running turn is kept as
-- deadline_at/remind_at (schema/009_clock.sql), so the tick's queries, reminders, losses on
-- time and vacations work for both clocks alike; these columns say how long the next turn
-- of each player is.

-- The clock as the challenge wrote it, canonical ("10+1", "240h+36h"); NULL for a game on
-- days per move.
ALTER TABLE games ADD COLUMN time_bank TEXT;
-- B and I in seconds.
ALTER TABLE games ADD COLUMN bank_limit_seconds INTEGER;
ALTER TABLE games ADD COLUMN bank_increment_seconds INTEGER;
-- The bank of each player (player0, player1) when their last turn ended (the bank of the
-- player to move is what deadline_at leaves them).
ALTER TABLE games ADD COLUMN bank0_seconds INTEGER;
ALTER TABLE games ADD COLUMN bank1_seconds INTEGER;
