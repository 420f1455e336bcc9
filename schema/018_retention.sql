-- Retention (issue 33 item 1; docs/operating.md "Retention"): the clock tick deletes what
-- is past its window in small batches, each found through one of these indexes, so a tick
-- with nothing due only looks into them and a tick with a backlog never scans a table.
-- Processed inbox rows after inbox.keep_days (processed_at is set exactly when a row
-- leaves 'received'; id orders rows processed in the same second).
CREATE INDEX inbox_processed ON inbox(processed_at, id) WHERE processed_at IS NOT NULL;
-- Settled outbox rows after outbox.keep_days, once their text is gone (keep_days is never
-- less than keep_sent_days; a confirmation request's text goes at settling). Partial on
-- the emptied ones, so the look for texts to empty keeps to outbox_text_kept.
CREATE INDEX outbox_settled ON outbox(settled_at, id) WHERE text_cleared_at IS NOT NULL;
-- An inbox row that goes first unlinks the outbox rows answering it (outbox.inbox_id
-- references inbox.id); without this index each deleted inbox row would scan the outbox,
-- in the unlinking and in the foreign key's own check.
CREATE INDEX outbox_by_inbox ON outbox(inbox_id) WHERE inbox_id IS NOT NULL;
-- Expired confirmation codes, and password failures older than the throttle's hour.
CREATE INDEX address_confirmations_by_expiry ON address_confirmations(expires_at);
CREATE INDEX password_failures_by_time ON password_failures(failed_at);
-- The file shrinking back (PRAGMA auto_vacuum = INCREMENTAL, then the tick's
-- PRAGMA incremental_vacuum) is no migration: auto_vacuum is fixed when a database file
-- is created (the connection sets it before anything else, so every new database has it),
-- and an existing file changes only by a VACUUM, which cannot run inside a migration's
-- transaction; `pbem init` runs that VACUUM once (schema/README.md).
