-- Sent mail is not kept forever (issue 26). Once settled (delivered, or failed for good) an
-- outbox row keeps its metadata (recipient, Subject, Message-ID, kind, times) but its text
-- only for outbox.keep_sent_days; a confirmation request's text, which holds its code in
-- clear, goes when it is settled. An emptied text is the empty blob (`data` stays NOT NULL).
ALTER TABLE outbox ADD COLUMN subject TEXT;          -- as the header carries it, before RFC 2047
ALTER TABLE outbox ADD COLUMN settled_at TEXT;       -- when it was delivered or failed for good
ALTER TABLE outbox ADD COLUMN text_cleared_at TEXT;  -- when `data` was emptied; NULL while kept
-- Rows from before this migration: the Subject taken from their stored header (unfolded;
-- one that needed RFC 2047 stays encoded), worked out on the headers alone ...
CREATE TEMP TABLE outbox_012_subjects AS
  SELECT id, char(13, 10) || CAST(substr(data, 1, instr(data, X'0D0A0D0A') + 1) AS TEXT) AS h FROM outbox;
UPDATE outbox_012_subjects SET h = replace(replace(h, char(13, 10, 32), ' '), char(13, 10, 9), char(9));
UPDATE outbox_012_subjects SET h = CASE WHEN instr(h, char(13, 10) || 'Subject: ') > 0
  THEN substr(h, instr(h, char(13, 10) || 'Subject: ') + 11) END;
UPDATE outbox_012_subjects SET h = substr(h, 1, instr(h, char(13, 10)) - 1) WHERE h IS NOT NULL;
-- ... settled when they were sent, or (failed ones) at their last attempt ...
UPDATE outbox SET
  subject = (SELECT h FROM outbox_012_subjects WHERE outbox_012_subjects.id = outbox.id),
  settled_at = CASE WHEN state <> 'queued' THEN coalesce(sent_at, next_attempt_at) END;
DROP TABLE outbox_012_subjects;
-- ... and the confirmation requests already settled lose their codes now.
UPDATE outbox SET data = X'', text_cleared_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
  WHERE kind = 'confirmation' AND state <> 'queued';
-- The regular pass that empties texts older than keep_sent_days finds them here (and, when
-- none is due, learns so from an empty range of it).
CREATE INDEX outbox_text_kept ON outbox(settled_at) WHERE text_cleared_at IS NULL AND settled_at IS NOT NULL;
