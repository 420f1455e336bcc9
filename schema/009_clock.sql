-- The correspondence clock (issue 10; README "The clock"): a time per move, one reminder,
-- loss on time, and vacations that stop a user's clocks.

-- Days the player to move has for each move (the challenge's -days=N; 0 = no time limit).
ALTER TABLE games ADD COLUMN days_per_move INTEGER NOT NULL DEFAULT 0
  CHECK (days_per_move BETWEEN 0 AND 60);
-- The deadline of the player to move (ISO 8601 UTC); NULL when the game has no time limit
-- or is over. Kept up to date by every ply and vacation, so a tick is one indexed query.
ALTER TABLE games ADD COLUMN deadline_at TEXT;
-- When the one reminder of the current move is due; NULL once it has gone out, or when
-- the move's period is too short for one.
ALTER TABLE games ADD COLUMN remind_at TEXT;
-- Why a game ended when its moves do not say it: 'time' = the player to move (the loser,
-- the colour that is not winner_colour) lost on time. NULL otherwise.
ALTER TABLE games ADD COLUMN end_reason TEXT CHECK (end_reason IN ('time'));
CREATE INDEX games_by_deadline ON games(deadline_at) WHERE deadline_at IS NOT NULL;
CREATE INDEX games_by_remind_at ON games(remind_at) WHERE remind_at IS NOT NULL;

-- Games running at the upgrade get the default clock (clock.days_per_move's default, 14
-- days; a migration cannot read the configuration) counted from now: nobody loses on time
-- for the days before the clock existed. Their reminder is due 48 hours before.
UPDATE games SET days_per_move = 14,
                 deadline_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+14 days'),
                 remind_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+12 days')
  WHERE status = 'active';

-- Vacations: while one lasts (starts_at <= now < ends_at) the user's clocks stand still.
-- `days` is what it takes from the allowance of the calendar year it started in; ending
-- it early sets ends_at to then and gives back the whole days not yet begun.
CREATE TABLE vacations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  starts_at TEXT NOT NULL,                -- ISO 8601 UTC
  ends_at TEXT NOT NULL,
  days INTEGER NOT NULL CHECK (days >= 0)
);
CREATE INDEX vacations_by_user ON vacations(user_id, ends_at);
