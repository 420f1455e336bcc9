-- PostgreSQL twin of schema/036_board_settings.sql (issue 56): `set ... board text|list|both`
-- and `set ... calendar on|off`.
ALTER TABLE users ADD COLUMN board TEXT NOT NULL DEFAULT 'text';
ALTER TABLE users ADD COLUMN calendar BIGINT NOT NULL DEFAULT 0;
