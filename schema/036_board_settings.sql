-- How a player's board mails show a board and its deadline (issue 56):
-- `set userid password board text|list|both`: the drawn text board, a list a screen reader
-- reads well, or both; `set userid password calendar on|off`: the deadline as deadline.ics.
ALTER TABLE users ADD COLUMN board TEXT NOT NULL DEFAULT 'text';
ALTER TABLE users ADD COLUMN calendar INTEGER NOT NULL DEFAULT 0;
