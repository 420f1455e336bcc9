-- PostgreSQL twin of schema/031_blocks_by_blocked.sql (issue 46): who blocks a user, by index.
CREATE INDEX blocks_by_blocked ON blocks(blocked);
