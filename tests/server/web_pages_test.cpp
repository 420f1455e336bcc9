// The web window's pages without HTTP (server/web/web_routes.h): games played through the
// mail pipeline, then each path answered from the database, on SQLite and PostgreSQL
// (postgres_storage). The HTTP side is tests/integration/test_web.py.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "server/storage/game_records.h"
#include "server/storage/ratings.h"
#include "server/storage/game_listings.h"
#include "server/web/html.h"
#include "server/web/web_routes.h"
#include "service_fixture.h"

using namespace pbem::server;
using pbem::server::web::WebResponse;

namespace {

struct Site : pbem::test::ServiceFixture {
  Site() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    // Game 1: alice wins along row c; game 2: running, alice to move.
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    const char* cells[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"};
    for (int ply = 0; ply < 9; ++ply) {
      const std::string who = ply % 2 == 0 ? "alice" : "bob";
      deliver(who + "@example." + (who == "alice" ? "org" : "net"),
              "hy3 move 1 " + who + " pw-" + who + " " + cells[ply] + "#" + std::to_string(ply + 1));
    }
    deliver("alice@example.org", "gates challenge alice bob");
  }
  WebResponse get(const std::string& target, const std::string& if_none_match = "") {
    return web::respond(db, config, {"GET", target, if_none_match});
  }
};

}  // namespace

TEST_CASE("html escapes every text and attribute value, and checks that elements close", "[web]") {
  web::Html html;
  html.open("p", {{"title", "a\"b'<c>&"}}).text("<script>alert(1)</script> & co").close("p");
  CHECK(html.finish() == "<p title=\"a&quot;b&#39;&lt;c&gt;&amp;\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</p>");
  web::Html wrong;
  wrong.open("ul").open("li");
  CHECK_THROWS_AS(wrong.close("ul"), std::logic_error);
  web::Html open;
  open.open("div");
  CHECK_THROWS_AS(open.finish(), std::logic_error);
}

TEST_CASE("every page answers from the database, and what does not exist is 404", "[web]") {
  Site site;
  const WebResponse front = site.get("/");
  CHECK(front.status == 200);
  CHECK(front.body.find("In progress (1)") != std::string::npos);
  CHECK(front.body.find("href=\"/games/2\"") != std::string::npos);
  CHECK(front.body.find("alice won") != std::string::npos);

  const WebResponse game = site.get("/games/1");
  CHECK(game.status == 200);
  CHECK(game.body.find("<a href=\"/games/1/9.png\">c5</a>") != std::string::npos);
  CHECK(game.body.find("Alice won. The game is over.") != std::string::npos);

  const WebResponse player = site.get("/players/alice");
  CHECK(player.status == 200);
  CHECK(player.body.find("<svg") != std::string::npos);
  CHECK(player.body.find('@') == std::string::npos);

  const WebResponse ratings = site.get("/ratings/hy3");
  CHECK(ratings.body.find("/players/alice") < ratings.body.find("/players/bob"));

  for (const char* missing : {"/games/3", "/games/1/10.png", "/players/carol", "/ratings/chess", "/tournaments/1",
                              "/games/1/", "/x"}) {
    INFO(missing);
    CHECK(site.get(missing).status == 404);
  }
  CHECK(site.get("relative").status == 400);
  CHECK(site.get("/" + std::string(3000, 'a')).status == 414);
  const WebResponse post = web::respond(site.db, site.config, {"POST", "/", ""});
  CHECK(post.status == 405);
  CHECK(post.allow == "GET, HEAD");
}

TEST_CASE("a picture's ETag names its position; a match is 304 without the picture", "[web]") {
  Site site;
  const WebResponse now = site.get("/games/1.png");
  REQUIRE(now.status == 200);
  CHECK(now.body.substr(1, 3) == "PNG");
  CHECK(site.get("/games/1/9.png").etag == now.etag);
  CHECK(site.get("/games/1/8.png").etag != now.etag);
  const WebResponse again = site.get("/games/1.png", now.etag);
  CHECK(again.status == 304);
  CHECK(again.body.empty());
  CHECK(site.get("/games/1.png", "\"x\", W/" + now.etag).status == 304);
  CHECK(site.get("/games/1.png", "\"x\"").status == 200);
}

TEST_CASE("the lists the front page and a player's page read", "[web]") {
  Site site;
  CHECK(GameListings(site.db).count_in_progress() == 1);
  REQUIRE(GameListings(site.db).in_progress(10).size() == 1);
  CHECK(GameListings(site.db).in_progress(10)[0].id == 2);
  CHECK(GameListings(site.db).ended_since("2000-01-01T00:00:00Z", 10).size() == 1);
  CHECK(GameListings(site.db).ended_since("2999-01-01T00:00:00Z", 10).empty());
  CHECK(GameListings(site.db).of_user(1, 1).size() == 1);
  CHECK(GameListings(site.db).of_user(1, 10).size() == 2);
  const auto history = Ratings(site.db).history("hy3", 1);
  REQUIRE(history.size() == 1);
  CHECK(history[0].game_id == 1);
  CHECK(history[0].rating > 1500);
  CHECK(Ratings(site.db).history("gates", 1).empty());
}

TEST_CASE("a member without a game is 404 as a userid nobody has, and no page shows a deadline", "[web]") {
  Site site;
  site.member("carol", "carol@example.com");  // signed up and confirmed, never played
  const WebResponse carol = site.get("/players/carol");
  const WebResponse nobody = site.get("/players/zzzzz");
  CHECK(carol.status == 404);
  CHECK(carol.content_type == nobody.content_type);
  CHECK(carol.cache_control == nobody.cache_control);
  std::string body = carol.body;
  body.replace(body.find("carol"), 5, "zzzzz");
  CHECK(body == nobody.body);
  // Game 2 runs, alice to move since her challenge: who and since when, not until when.
  for (const char* path : {"/", "/games/2", "/players/alice"}) {
    INFO(path);
    const WebResponse page = site.get(path);
    CHECK(page.body.find("lice to move since ") != std::string::npos);  // "Alice" on the game page
    CHECK(page.body.find("eadline") == std::string::npos);
  }
}

TEST_CASE("the request's header alone decides 405 for a method and 413 for a body", "[web]") {
  for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
    for (bool body : {false, true}) {
      INFO(method << " body " << body);
      const auto refused = web::refuse_before_body(method, body);
      REQUIRE(refused);
      CHECK(refused->status == 405);
      CHECK(refused->allow == "GET, HEAD");
    }
  }
  for (const char* method : {"GET", "HEAD"}) {
    INFO(method);
    CHECK_FALSE(web::refuse_before_body(method, false));
    const auto refused = web::refuse_before_body(method, true);
    REQUIRE(refused);
    CHECK(refused->status == 413);
  }
}

TEST_CASE("a player's open invitation is on their page", "[web]") {
  Site site;
  site.deliver("alice@example.org", "hy3 challenge alice any -size=5");
  const WebResponse page = site.get("/players/alice");
  CHECK(page.body.find("Open invitations") != std::string::npos);
  CHECK(page.body.find("hy3 #3  open invitation (-size=5)") != std::string::npos);
  // One who has only an open invitation has a page: the front page names them already.
  site.member("carol", "carol@example.com");
  site.deliver("carol@example.com", "gaia challenge carol any");
  CHECK(site.get("/players/carol").status == 200);
}

TEST_CASE("a game's public records and its board ply by ply", "[web][records]") {
  Site site;
  const WebResponse sgf = site.get("/games/1.sgf");
  REQUIRE(sgf.status == 200);
  CHECK(sgf.content_type == "application/x-go-sgf; charset=UTF-8");
  CHECK(sgf.body.starts_with("(;FF[4]CA[UTF-8]AP[pbem]"));
  CHECK(sgf.body.find("PB[alice]PW[bob]") != std::string::npos);
  CHECK(sgf.body.find("RE[B+]") != std::string::npos);
  const WebResponse json = site.get("/games/1.json");
  REQUIRE(json.status == 200);
  CHECK(json.content_type == "application/json");
  const auto record = nlohmann::json::parse(json.body);
  CHECK(record["format"] == "pbem-record/1");
  CHECK(record["plies"].size() == 9);
  CHECK(record["result"]["winner"] == "alice");
  CHECK(record["notes"].empty());
  // The same files a `record` mail attaches: the page's links name them.
  const WebResponse game = site.get("/games/1");
  CHECK(game.body.find("<a href=\"/games/1.sgf\">SGF</a>") != std::string::npos);
  CHECK(game.body.find("<a href=\"/games/1.json\">JSON</a>") != std::string::npos);
  // The board as it stands has no next or last step to take.
  CHECK(game.body.find("<a href=\"/games/1?ply=8\">Previous</a>") != std::string::npos);
  CHECK(game.body.find("<span class=\"quiet\">Next</span>") != std::string::npos);

  const WebResponse fourth = site.get("/games/1?ply=4");
  REQUIRE(fourth.status == 200);
  CHECK(fourth.body.find("src=\"/games/1/4.png\" alt=\"The board after move 4\"") != std::string::npos);
  for (const char* step : {"<a href=\"/games/1?ply=0\">First</a>", "<a href=\"/games/1?ply=3\">Previous</a>",
                           "Move 4 of 9", "<a href=\"/games/1?ply=5\">Next</a>", "<a href=\"/games/1?ply=9\">Last</a>"}) {
    INFO(step);
    CHECK(fourth.body.find(step) != std::string::npos);
  }
  const WebResponse first = site.get("/games/1?ply=0");
  CHECK(first.body.find("alt=\"The empty board\"") != std::string::npos);
  CHECK(first.body.find("<span class=\"quiet\">Previous</span>") != std::string::npos);
  // Each position's board text is its own: the fourth ply's differs from the end's.
  CHECK(fourth.body.substr(fourth.body.find("<pre")) != game.body.substr(game.body.find("<pre")));
  CHECK(site.get("/games/1?utm=x&ply=9").body.find("Move 9 of 9") != std::string::npos);

  site.deliver("alice@example.org", "hy3 challenge alice any");  // #3, an open invitation: no record
  for (const char* missing : {"/games/1?ply=10", "/games/1?ply=-1", "/games/1?ply=x", "/games/1?ply=01", "/games/1?ply=",
                              "/games/3.sgf", "/games/3.json", "/games/3?ply=0", "/games/9.sgf", "/games/01.json",
                              "/games/1.txt", "/games/.sgf"}) {
    INFO(missing);
    CHECK(site.get(missing).status == 404);
  }
}

TEST_CASE("a finished game's page and public record show its sealed notes, and nothing else of any note", "[web][notes]") {
  Site site;
  site.deliver("alice@example.org", "hy3 note 1 alice pw-alice -sealed", "The c-file decided it.\r\n");
  site.deliver("bob@example.net", "hy3 note 1 bob pw-bob", "bob's private regret\r\n");
  site.deliver("alice@example.org", "gates note 2 alice pw-alice -sealed", "sealed while it runs\r\n");
  const WebResponse finished = site.get("/games/1");
  CHECK(finished.body.find("<q>The c-file decided it.</q>") != std::string::npos);
  CHECK(finished.body.find("regret") == std::string::npos);
  CHECK(site.get("/games/1.json").body.find("The c-file decided it.") != std::string::npos);
  CHECK(site.get("/games/1.sgf").body.find("regret") == std::string::npos);
  for (const char* path : {"/games/2", "/games/2.json", "/games/2.sgf", "/players/alice"}) {
    INFO(path);
    CHECK(site.get(path).body.find("sealed while it runs") == std::string::npos);
    CHECK(site.get(path).body.find("Sealed notes") == std::string::npos);
  }
}
