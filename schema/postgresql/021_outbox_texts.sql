-- An outbox row's text in a table of its own (issue 33 item 4). A mail's text (about 15 KB
-- with its picture) was a column of the row the sender marks when it settles, and SQLite
-- writes a row whose size changes again in full: every mail was written twice, and once
-- more into the WAL's checkpoint each time. Now marking touches the small row only, and
-- emptying a text (outbox.keep_sent_days) is a DELETE that frees its pages at once instead
-- of leaving a near-empty row in each. Rows whose text was emptied have none here.
CREATE TABLE outbox_texts (
  outbox_id BIGINT PRIMARY KEY REFERENCES outbox(id) ON DELETE CASCADE,
  data BYTEA NOT NULL                     -- the complete RFC 5322 message, CRLF
);
INSERT INTO outbox_texts (outbox_id, data) SELECT id, data FROM outbox WHERE text_cleared_at IS NULL;
ALTER TABLE outbox DROP COLUMN data;
-- Nothing reads the outbox by its exact recipient (the limits count by mailbox, schema 013),
-- and each index is one more B-tree written with every mail.
DROP INDEX outbox_by_recipient;
