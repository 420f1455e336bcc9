-- Limits of one inbound mail and of one sender (issue 40; spec "Limits, second round").
-- One canonical sender mailbox creates at most 3 accounts a day: each account made by a
-- signup keeps the canonical mailbox of the From address that made it (NULL for accounts
-- from before this migration and for the computer's), counted by this index.
ALTER TABLE users ADD COLUMN signup_mailbox TEXT;
CREATE INDEX users_by_signup_mailbox ON users(signup_mailbox, created_at) WHERE signup_mailbox IS NOT NULL;
-- Every mail one player's command sends another (chat and message, proposals and their
-- answers, rematches, the notice of a command through a game address) carries relayed_by
-- and counts against limits.relayed_per_recipient_per_hour by its recipient's mailbox.
CREATE INDEX outbox_relayed_to ON outbox(mailbox, created_at) WHERE relayed_by IS NOT NULL;
