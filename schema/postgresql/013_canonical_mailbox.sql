-- PostgreSQL's 013 (see ../013_canonical_mailbox.sql).
ALTER TABLE outbox ADD COLUMN mailbox TEXT;
UPDATE outbox SET mailbox = lower(regexp_replace(recipient, '^([^@+]+)\+[^@]*@', '\1@'));
DROP INDEX outbox_by_kind;
CREATE INDEX outbox_by_mailbox ON outbox(kind, mailbox, created_at);
CREATE INDEX outbox_by_kind_time ON outbox(kind, created_at);
