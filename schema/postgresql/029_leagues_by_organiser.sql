-- `league new` counts the leagues its organiser already has (3 at most,
-- handlers/league_commands.cpp): an index, so the count reads that organiser's rows and not
-- every league (tests/server/query_plan_test.cpp).
CREATE INDEX leagues_by_organiser ON leagues(organiser_id);
