-- PostgreSQL's 015 (see ../015_time_bank.sql).
ALTER TABLE games ADD COLUMN time_bank TEXT;
ALTER TABLE games ADD COLUMN bank_limit_seconds BIGINT;
ALTER TABLE games ADD COLUMN bank_increment_seconds BIGINT;
ALTER TABLE games ADD COLUMN bank0_seconds BIGINT;
ALTER TABLE games ADD COLUMN bank1_seconds BIGINT;
