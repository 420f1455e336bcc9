-- PostgreSQL's 011 (see ../011_bot.sql).
ALTER TABLE users ADD COLUMN computer BIGINT NOT NULL DEFAULT 0;
