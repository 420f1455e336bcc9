-- `set userid password messages on|off` (issue 51): a user who takes no messages refuses
-- every `message` and `chat` to them, in the very words a block's refusal uses, so that a
-- refusal says nothing of a block.
ALTER TABLE users ADD COLUMN messages INTEGER NOT NULL DEFAULT 1;
