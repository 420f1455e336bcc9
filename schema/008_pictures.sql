-- Board pictures in game mails (issue 14 item 2): on for everyone unless the user turns
-- them off (`set userid password pictures off`, for slow links). 1: on, 0: off.
ALTER TABLE users ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1));
