-- PostgreSQL's 025 (see ../025_metrics.sql): the counters of /metrics, kept by PL/pgSQL
-- trigger functions, and the indexes its gauges read.
CREATE TABLE metric_counts (
  counter TEXT NOT NULL,
  label TEXT NOT NULL,
  value BIGINT NOT NULL,
  PRIMARY KEY (counter, label)
);
CREATE FUNCTION inbox_count_processed() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  INSERT INTO metric_counts (counter, label, value) VALUES ('messages_processed', NEW.state, 1)
    ON CONFLICT (counter, label) DO UPDATE SET value = metric_counts.value + 1;
  RETURN NULL;
END
$body$;
CREATE TRIGGER inbox_count_processed AFTER UPDATE OF state ON inbox FOR EACH ROW
  WHEN (OLD.state = 'received' AND NEW.state <> 'received')
  EXECUTE FUNCTION inbox_count_processed();
CREATE FUNCTION outbox_count_delivery() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  INSERT INTO metric_counts (counter, label, value)
    VALUES ('deliveries', CASE NEW.state WHEN 'queued' THEN 'retry' ELSE NEW.state END, 1)
    ON CONFLICT (counter, label) DO UPDATE SET value = metric_counts.value + 1;
  RETURN NULL;
END
$body$;
CREATE TRIGGER outbox_count_delivery AFTER UPDATE OF attempts ON outbox FOR EACH ROW
  WHEN (OLD.state = 'queued' AND NEW.attempts > OLD.attempts)
  EXECUTE FUNCTION outbox_count_delivery();
CREATE INDEX outbox_queued_since ON outbox(state, created_at) WHERE state = 'queued';
