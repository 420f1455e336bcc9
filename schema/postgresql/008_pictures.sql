-- PostgreSQL's 008 (see ../008_pictures.sql).
ALTER TABLE users ADD COLUMN pictures BIGINT NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1));
