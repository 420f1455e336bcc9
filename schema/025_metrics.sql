-- The figures of /metrics (metrics.listen; docs/operating.md "Metrics"). What is a count
-- of rows kept is read from indexes over them; what only ever grows, and whose rows
-- retention deletes, is a counter kept in metric_counts in the transaction that does the
-- work, so `pbem ingest`, `pbem tick` and any number of pbemd on one database add to the
-- same counters, and a scrape reads a handful of rows however long the server has run.
-- counter: what is counted (messages_processed, deliveries, commands_refused,
-- clock_duties); label: which kind of it, one of a fixed set the server writes
-- (storage/metric_counts.h), never text from a mail. Counted from this migration on.
CREATE TABLE metric_counts (
  counter TEXT NOT NULL,
  label TEXT NOT NULL,
  value INTEGER NOT NULL,
  PRIMARY KEY (counter, label)
);
-- A message is processed once: its row leaves 'received' for processed, failed or skipped.
CREATE TRIGGER inbox_count_processed AFTER UPDATE OF state ON inbox
  WHEN OLD.state = 'received' AND NEW.state <> 'received'
BEGIN
  INSERT INTO metric_counts (counter, label, value) VALUES ('messages_processed', NEW.state, 1)
    ON CONFLICT (counter, label) DO UPDATE SET value = value + 1;
END;
-- Each delivery attempt adds one to attempts: delivered (sent), refused for good or the
-- last attempt (failed), or a temporary failure tried again later (retry).
CREATE TRIGGER outbox_count_delivery AFTER UPDATE OF attempts ON outbox
  WHEN OLD.state = 'queued' AND NEW.attempts > OLD.attempts
BEGIN
  INSERT INTO metric_counts (counter, label, value)
    VALUES ('deliveries', CASE NEW.state WHEN 'queued' THEN 'retry' ELSE NEW.state END, 1)
    ON CONFLICT (counter, label) DO UPDATE SET value = value + 1;
END;
-- The oldest mail still queued: the first entry of this index (min(created_at) with the
-- state in the index too, so SQLite reads one entry, not every queued row). The gauges'
-- other figures need no new index: the queues are counted by inbox_pending and outbox_due
-- (schema 001), the games in progress by games_in_progress (019), and the games that
-- ended are max(end_order) by games_by_end_order (005: each ended game takes the next).
CREATE INDEX outbox_queued_since ON outbox(state, created_at) WHERE state = 'queued';
