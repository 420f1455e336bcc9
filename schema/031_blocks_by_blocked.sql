-- Who blocks a user, by index (issue 46): the digest's "open invitations you can take"
-- leaves out those of players who blocked the reader, in one statement for the page
-- instead of a lookup per invitation.
CREATE INDEX blocks_by_blocked ON blocks(blocked);
