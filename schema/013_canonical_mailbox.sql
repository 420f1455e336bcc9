-- Limits per address count one canonical mailbox (issue 26): the local part lower-cased and
-- without any "+detail", the domain lower-cased (mail::canonical_mailbox), so that
-- Victim@x, victim@x and victim+1@x are one mailbox. Each outbox row records the mailbox of
-- its recipient, and the limits count rows by it. Rows from before this migration get the
-- same form here (a stored recipient has exactly one '@').
ALTER TABLE outbox ADD COLUMN mailbox TEXT;
UPDATE outbox SET mailbox = lower(
  CASE WHEN instr(recipient, '+') > 1 AND instr(recipient, '+') < instr(recipient, '@')
       THEN substr(recipient, 1, instr(recipient, '+') - 1) || substr(recipient, instr(recipient, '@'))
       ELSE recipient END);
-- Replaces the index by exact recipient, which no query uses any more.
DROP INDEX outbox_by_kind;
CREATE INDEX outbox_by_mailbox ON outbox(kind, mailbox, created_at);
-- The server-wide hourly cap on confirmation requests counts by kind and time alone.
CREATE INDEX outbox_by_kind_time ON outbox(kind, created_at);
