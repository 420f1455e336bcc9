-- PostgreSQL's 012 (see ../012_outbox_retention.sql). The stored headers are 7-bit, so
-- they read as UTF-8.
ALTER TABLE outbox ADD COLUMN subject TEXT;
ALTER TABLE outbox ADD COLUMN settled_at TEXT;
ALTER TABLE outbox ADD COLUMN text_cleared_at TEXT;
CREATE TEMP TABLE outbox_012_subjects AS
  SELECT id, E'\r\n' || convert_from(substring(data FROM 1 FOR position(decode('0d0a0d0a', 'hex') IN data) + 1),
                                      'UTF8') AS h FROM outbox;
UPDATE outbox_012_subjects SET h = replace(replace(h, E'\r\n ', ' '), E'\r\n\t', E'\t');
UPDATE outbox_012_subjects SET h = CASE WHEN strpos(h, E'\r\nSubject: ') > 0
  THEN substr(h, strpos(h, E'\r\nSubject: ') + 11) END;
UPDATE outbox_012_subjects SET h = substr(h, 1, strpos(h, E'\r\n') - 1) WHERE h IS NOT NULL;
UPDATE outbox SET
  subject = (SELECT h FROM outbox_012_subjects WHERE outbox_012_subjects.id = outbox.id),
  settled_at = CASE WHEN state <> 'queued' THEN coalesce(sent_at, next_attempt_at) END;
DROP TABLE outbox_012_subjects;
UPDATE outbox SET data = ''::bytea,
                  text_cleared_at = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
  WHERE kind = 'confirmation' AND state <> 'queued';
CREATE INDEX outbox_text_kept ON outbox(settled_at) WHERE text_cleared_at IS NULL AND settled_at IS NOT NULL;
