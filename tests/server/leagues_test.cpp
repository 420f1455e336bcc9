// Leagues as stored (server/storage/leagues.*) and shown (the `leagues` listing, the web
// window's /leagues/N), with seasons played through the mail pipeline: on SQLite and on
// PostgreSQL (postgres_storage). The seasons' rules are tests/server/league_rules_test.cpp,
// a league of eleven through the real `pbem ingest` tests/integration/test_leagues.py.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "server/storage/leagues.h"
#include "server/storage/outbox.h"
#include "server/web/web_routes.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

const std::vector<std::string> kPlayers = {"alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank"};

std::string address_of(const std::string& userid) { return userid + "@example.org"; }

// League G#1 of eight, divisions of four, one up and one down, its first season started:
// division 1 alice, bob, carol, dave; division 2 erin, frank, gina, hank (all rated 1500,
// placed by order of entry).
struct League : pbem::test::ServiceFixture {
  League() {
    for (const std::string& userid : kPlayers) member(userid, address_of(userid));
    as("alice", "hy3 league new alice pw-alice club -size=3 -group=4 -up=1 -down=1");
    for (const std::string& userid : kPlayers) as(userid, "hy3 join G#1 " + userid + " pw-" + userid);
    as("alice", "hy3 league start G#1 alice pw-alice");
  }

  void as(const std::string& userid, const std::string& command) { deliver(address_of(userid), command); }

  std::string userid_of(std::int64_t id) {
    for (const LeaguePlace& place : Leagues(db).places(1, season())) if (place.user_id == id) return place.userid;
    FAIL("user " << id << " plays in no division");
    return "";
  }

  int season() { return Leagues(db).find(1)->season; }

  // Every game of the current season that has not ended: the player who entered later
  // resigns, so each division's table is its order of entry.
  void play_season() {
    for (const LeagueGame& g : Leagues(db).games(1, season())) {
      if (g.game.finished) continue;
      const std::string loser = userid_of(std::max(g.game.first, g.game.second));
      as(loser, "hy3 resign " + std::to_string(g.game.game_id) + " " + loser + " pw-" + loser);
    }
  }

  std::string last_reply() { return Outbox(db).queued().back().data; }

  web::WebResponse get(const std::string& target) { return web::respond(db, config, {"GET", target, ""}); }
};

}  // namespace

TEST_CASE("a league's members, places and games as stored, season after season", "[leagues]") {
  League f;
  Leagues leagues(f.db);
  REQUIRE(f.season() == 1);
  const auto places = leagues.places(1, 1);
  REQUIRE(places.size() == 8);
  CHECK(places[0].userid == "alice");
  CHECK(places[4].userid == "erin");
  CHECK(places[4].division == 2);
  // Two round robins of four: six games each, every division's read in one statement.
  const auto games = leagues.games(1, 1);
  REQUIRE(games.size() == 12);
  CHECK(games[0].division == 1);
  CHECK(games[11].division == 2);
  CHECK(leagues.unfinished_games(1, 1) == 12);
  f.play_season();
  CHECK(f.season() == 2);
  CHECK(leagues.unfinished_games(1, 1) == 0);
  for (const LeagueGame& g : leagues.games(1, 1)) {
    CHECK(g.game.finished);
    CHECK(g.game.winner == std::min(g.game.first, g.game.second));
  }
  // dave (last of division 1) and erin (first of division 2) change places.
  std::vector<std::string> moved;
  for (const LeaguePlace& place : leagues.places(1, 2))
    if (place.from_division != place.division) moved.push_back(place.userid + " " + std::to_string(place.division));
  CHECK(moved == std::vector<std::string>{"erin 1", "dave 2"});
  const auto of = leagues.of_game(leagues.games(1, 2).front().game.game_id);
  REQUIRE(of);
  CHECK(of->season == 2);
  CHECK(of->division == 1);
  const auto memberships = leagues.of_member(1);
  REQUIRE(memberships.size() == 1);
  CHECK(memberships[0].league.name == "club");
  CHECK_FALSE(memberships[0].leaving);
  const auto listed = leagues.of_type("hy3", 10);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].members == 8);
  CHECK(listed[0].league.season == 2);
}

TEST_CASE("the leagues listing reads a page and a count: no statement per league", "[leagues][query_plan]") {
  League f;
  const auto one = f.statements_of([&] { f.as("bob", "hy3 leagues"); });
  CHECK(f.last_reply().find("G#1  club  divisions of 4, 8 players, season 1") != std::string::npos);
  f.as("bob", "hy3 league new bob pw-bob second");
  f.as("bob", "hy3 league new bob pw-bob third -group=6");
  f.as("carol", "hy3 join G#2 carol pw-carol");
  const auto three = f.statements_of([&] { f.as("bob", "hy3 leagues"); });
  CHECK(f.last_reply().find("G#2  second  divisions of 8, 1 player, open for entry") != std::string::npos);
  CHECK(f.last_reply().find("G#3  third  divisions of 6, 0 players, open for entry") != std::string::npos);
  CHECK(one.size() == three.size());
  for (const std::string& sql : three) {
    INFO(sql);
    CHECK(sql.find("FROM league_members m JOIN users") == std::string::npos);  // no member list
  }
}

TEST_CASE("/leagues/N: the divisions with their tables and games, the moves into the season", "[leagues][web]") {
  League f;
  const web::WebResponse first = f.get("/leagues/1");
  REQUIRE(first.status == 200);
  CHECK(first.body.find("League G#1 club (HY 3, divisions of 4, 1 up and 1 down)") != std::string::npos);
  CHECK(first.body.find("Organised by alice. Games: -size=3") != std::string::npos);
  CHECK(first.body.find("Season 1 is under way.") != std::string::npos);
  CHECK(first.body.find("<h2>Division 2</h2>") != std::string::npos);
  CHECK(first.body.find("Moved up") == std::string::npos);
  CHECK(first.body.find("href=\"/games/1\"") != std::string::npos);
  CHECK(first.body.find("href=\"/players/hank\"") != std::string::npos);
  CHECK(first.body.find("in progress") != std::string::npos);
  CHECK(first.body.find('@') == std::string::npos);
  f.play_season();
  f.as("frank", "hy3 leave G#1 frank pw-frank");
  const web::WebResponse second = f.get("/leagues/1");
  CHECK(second.body.find("Season 2 is under way.") != std::string::npos);
  CHECK(second.body.find("Moved up after season 1: erin (2 to 1).\nMoved down: dave (1 to 2).") != std::string::npos);
  CHECK(second.body.find("Leaving after this season: frank.") != std::string::npos);
  // A game's page names its league, season and division, with a link.
  const std::int64_t game = Leagues(f.db).games(1, 2).front().game.game_id;
  const web::WebResponse game_page = f.get("/games/" + std::to_string(game));
  CHECK(game_page.body.find("League <a href=\"/leagues/1\">G#1 club</a>, season 2, division 1") != std::string::npos);
  // The front page lists it.
  CHECK(f.get("/").body.find("<a href=\"/leagues/1\">G#1 club</a> (HY 3): 8 players, season 2") != std::string::npos);
  for (const char* missing : {"/leagues/2", "/leagues/01", "/leagues/x", "/leagues/"}) {
    INFO(missing);
    CHECK(f.get(missing).status == 404);
  }
  // A page's statements do not grow with the seasons behind it.
  const auto after_one = f.statements_of([&] { f.get("/leagues/1"); });
  f.play_season();
  f.play_season();
  REQUIRE(f.season() == 4);
  const auto after_three = f.statements_of([&] { f.get("/leagues/1"); });
  CHECK(after_one == after_three);
}

TEST_CASE("signoff takes a member out of their leagues as leave would", "[leagues]") {
  League f;
  // alice plays in G#1's first season and has joined G#2, which has not started.
  f.as("bob", "hy3 league new bob pw-bob second");
  f.as("alice", "hy3 join G#2 alice pw-alice");
  f.as("alice", "signoff alice pw-alice");
  const std::string reply = f.last_reply();
  CHECK(reply.find("You left league(s) G#2 second.") != std::string::npos);
  CHECK(reply.find("You leave league(s) G#1 club (after season 1)") != std::string::npos);
  Leagues leagues(f.db);
  CHECK(leagues.members(2).empty());
  const auto memberships = leagues.of_member(1);
  REQUIRE(memberships.size() == 1);
  CHECK(memberships[0].leaving);
  // Her games of the season go on; at its end she is in no division of the next.
  f.play_season();
  REQUIRE(f.season() == 2);
  for (const LeaguePlace& place : leagues.places(1, 2)) CHECK(place.userid != "alice");
  CHECK(leagues.places(1, 2).size() == 7);
  CHECK(leagues.of_member(1).empty());
}
