-- PostgreSQL twin of schema/032_messages_setting.sql (issue 51): `set ... messages on|off`.
ALTER TABLE users ADD COLUMN messages BIGINT NOT NULL DEFAULT 1;
