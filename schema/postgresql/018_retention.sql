-- PostgreSQL's 018 (see ../018_retention.sql). The space of deleted rows is PostgreSQL's
-- autovacuum's business: it marks it free for new rows of the same table.
CREATE INDEX inbox_processed ON inbox(processed_at, id) WHERE processed_at IS NOT NULL;
CREATE INDEX outbox_settled ON outbox(settled_at, id) WHERE text_cleared_at IS NOT NULL;
CREATE INDEX outbox_by_inbox ON outbox(inbox_id) WHERE inbox_id IS NOT NULL;
CREATE INDEX address_confirmations_by_expiry ON address_confirmations(expires_at);
CREATE INDEX password_failures_by_time ON password_failures(failed_at);
