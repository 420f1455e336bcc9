-- Time that protects the player (issue 44; spec "Time that protects the player";
-- docs/commands.md "The clock"): autovacation, and clocks that stop at weekends.

-- `set userid password autovacation on|off`: 1 (the default) spends one of the user's
-- vacation days when their time in a game would run out, instead of the loss on time.
ALTER TABLE users ADD COLUMN autovacation INTEGER NOT NULL DEFAULT 1 CHECK (autovacation IN (0, 1));
-- 1: the clock duty started this vacation instead of a loss on time (at most one a UTC day
-- per user, which this column lets the duty see); 0: the user asked for it.
ALTER TABLE vacations ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1));
-- -weekends=off: 1 when the game's clock does not run from Saturday 00:00 to Monday 00:00
-- UTC (its deadline_at and remind_at are already the real moments, counted that way).
ALTER TABLE games ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
-- The same for every game a tournament, a league or a ladder starts.
ALTER TABLE tournaments ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
ALTER TABLE leagues ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
ALTER TABLE ladders ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
