-- PostgreSQL's 028 (see ../028_autovacation_weekends.sql).
ALTER TABLE users ADD COLUMN autovacation BIGINT NOT NULL DEFAULT 1 CHECK (autovacation IN (0, 1));
ALTER TABLE vacations ADD COLUMN automatic BIGINT NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1));
ALTER TABLE games ADD COLUMN weekends_off BIGINT NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
ALTER TABLE tournaments ADD COLUMN weekends_off BIGINT NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
ALTER TABLE leagues ADD COLUMN weekends_off BIGINT NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
ALTER TABLE ladders ADD COLUMN weekends_off BIGINT NOT NULL DEFAULT 0 CHECK (weekends_off IN (0, 1));
