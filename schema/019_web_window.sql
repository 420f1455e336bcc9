-- The web window (issue 31; spec "The web window"): its front page lists the games in
-- progress by their last move and the results of the last seven days. Without these
-- indexes each visit would read every game ever played.
CREATE INDEX games_in_progress ON games(status, updated_at);
CREATE INDEX games_by_ended_at ON games(ended_at) WHERE ended_at IS NOT NULL;
