// Flat in the database's size (issue 33): every statement the hot paths run is looked at
// with SQLite's EXPLAIN QUERY PLAN, and a full scan of a table that grows with the
// installation's age fails the test. The hot paths: accounts and confirmations, a whole
// game by mail (challenge, moves, the end with ratings), a password reset, an export, `games`, `ratings`, `history`,
// `show`, the clock's tick, leagues (a season's end, `leagues`, `league G`, a member's
// signoff), the web window's pages and a scrape of /metrics.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "tests/server/rated_games.h"
#include "server/handlers/tick_handlers.h"
#include "server/pipeline/clock_duties.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/leagues.h"
#include "server/storage/outbox.h"
#include "server/storage/ratings.h"
#include "server/web/metrics_page.h"
#include "server/web/web_routes.h"
#include "service_fixture.h"

using namespace pbem::server;

TEST_CASE("no hot path scans a growing table", "[query_plan]") {
  if (pbem::test::on_postgres()) return;  // EXPLAIN QUERY PLAN is SQLite's; PostgreSQL plans by statistics
  pbem::test::ServiceFixture f;
  std::set<std::string> statements;
  f.db.set_statement_hook([&](std::string_view sql) { statements.emplace(sql); });
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  const char* cells[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"};
  for (int ply = 0; ply < 9; ++ply) {
    const bool alice = ply % 2 == 0;
    f.deliver(alice ? "alice@example.org" : "bob@example.net",
              std::string("hy3 move 1 ") + (alice ? "alice pw-alice " : "bob pw-bob ") + cells[ply]);
  }
  f.deliver("bob@example.net", "gates challenge bob alice");
  // Invitations (issue 42): one to carol (who answers challenges), an open one, taken.
  f.member("carol", "carol@example.com", "");
  f.deliver("alice@example.org", "hy3 challenge alice carol -size=3");
  f.deliver("carol@example.com", "hy3 decline 3 carol pw-carol");
  f.deliver("alice@example.org", "hy3 challenge alice any -size=3");
  f.deliver("carol@example.com", "hy3 invitations");
  f.deliver("carol@example.com", "hy3 accept 4 carol pw-carol");
  f.deliver("alice@example.org", "block alice pw-alice carol");
  // A forgotten password (issue 57): the day's codes counted, a code compared.
  f.deliver("mallory@example.net", "forgot alice");
  f.deliver("mallory@example.net", "reset alice abcdefghjk N3w-pass-alice");
  for (const char* command : {"hy3 games", "hy3 games inactive", "hy3 games all", "hy3 games alice", "gates games all bob",
                              "hy3 games alice bob all", "hy3 games bob next", "hy3 games alice inactive", "all show alice",
                              "all show bob next", "all show alice active", "hy3 ratings", "hy3 history 1",
                              "hy3 show 1", "hy3 tournaments", "set alice pw-alice digest 7", "vacation alice pw-alice 1",
                              "hy3 record 1", "hy3 record 1 alice pw-alice", "hy3 note 1 alice pw-alice",
                              "hy3 notes 1 alice pw-alice", "all records alice", "all records alice hy3 since 2000-01-01"})
    f.deliver("alice@example.org", command);
  // A league of four through its first season into the second (the season's end, the
  // moves, the next season's games), its listing and table, and a member's signoff.
  f.member("carol", "carol@example.com");
  f.member("dave", "dave@example.com");
  f.deliver("alice@example.org", "hy3 league new alice pw-alice club -size=3 -group=4");
  for (const std::string who : {"alice", "bob", "carol", "dave"})
    f.deliver(Accounts(f.db).find(who)->confirmed.at(0), "hy3 join G#1 " + who + " pw-" + who);
  f.deliver("alice@example.org", "hy3 league start G#1 alice pw-alice");
  for (const LeagueGame& g : Leagues(f.db).games(1, 1)) {
    const auto loser = Accounts(f.db).find_by_id(std::max(g.game.first, g.game.second));
    f.deliver(loser->confirmed.at(0), "hy3 resign " + std::to_string(g.game.game_id) + " " + loser->userid + " pw-" +
                                          loser->userid);
  }
  REQUIRE(Leagues(f.db).find(1)->season == 2);
  for (const char* command : {"hy3 leagues", "hy3 league G#1"}) f.deliver("alice@example.org", command);
  f.deliver("dave@example.com", "signoff dave pw-dave");
  // A ladder, its listing and table; an open invitation in alice's digest (issue 46: the
  // challengers' ratings and the reader's blockers for the whole page).
  f.deliver("alice@example.org", "hy3 ladder new alice pw-alice rungs -size=3");
  f.deliver("alice@example.org", "hy3 join L#1 alice pw-alice");
  f.deliver("bob@example.net", "hy3 join L#1 bob pw-bob");
  for (const char* command : {"hy3 ladders", "hy3 ladder L#1"}) f.deliver("alice@example.org", command);
  f.deliver("bob@example.net", "hy3 challenge bob any -size=3");
  // Everything of alice's (issue 57), a page at a time by index: games, competitions, ...
  f.deliver("alice@example.org", "hy3 subscribe 2 alice pw-alice");
  f.deliver("alice@example.org", "export alice pw-alice");
  {
    Transaction transaction(f.db);
    REQUIRE(send_digest(f.db, f.config, Accounts(f.db).find("alice")->id, "2099-01-01T07:00:00Z"));
    transaction.commit();
  }
  run_clock_duties(f.db, f.config);
  for (const char* page : {"/", "/games/1", "/games/1/3.png", "/players/alice", "/ratings/hy3", "/leagues/1",
                           "/games/1?ply=3", "/games/1.sgf", "/games/1.json"})
    web::respond(f.db, f.config, {"GET", page, ""});
  // A scrape of /metrics, with mail queued and games in progress and ended.
  REQUIRE(web::metrics_response(f.db, {"GET", "/metrics", ""}).status == 200);
  f.db.set_statement_hook(nullptr);
  // A trigger's statements run inside the statement that fires it, and its plan does not
  // show them: each self-contained subquery of a trigger's body is looked at on its own
  // (games_stamp_end's max(end_order) read every game until schema 022).
  auto triggers = f.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'");
  int trigger_subqueries = 0;
  while (triggers.step()) {
    const std::string body = triggers.column_text(0);
    for (auto open = body.find("(SELECT"); open != std::string::npos; open = body.find("(SELECT", open + 1)) {
      std::size_t close = open;
      for (int depth = 0; close < body.size(); ++close) {
        depth += body[close] == '(' ? 1 : body[close] == ')' ? -1 : 0;
        if (depth == 0) break;
      }
      const std::string subquery = body.substr(open + 1, close - open - 1);
      if (subquery.find("NEW.") != std::string::npos || subquery.find("OLD.") != std::string::npos) continue;
      statements.insert(subquery);
      ++trigger_subqueries;
    }
  }
  CHECK(trigger_subqueries > 0);

  REQUIRE(statements.size() > 50);
  std::vector<std::string> scans;
  for (const std::string& sql : statements) {
    if (!(sql.starts_with("SELECT") || sql.starts_with("UPDATE") || sql.starts_with("DELETE") ||
          sql.starts_with("INSERT") || sql.starts_with("WITH")))
      continue;
    auto plan = f.db.prepare("EXPLAIN QUERY PLAN " + sql);
    std::vector<std::string> details;
    while (plan.step()) details.push_back(plan.column_text(3));
    // A subquery in FROM runs as a co-routine (or is materialized) under its alias, and its
    // own plan lines say how it reads the table; the "SCAN <alias>" after it reads only
    // what that found (a listing's per-user pages, schema 024).
    std::set<std::string> subquery_scans;
    for (const std::string& detail : details)
      for (const char* kind : {"CO-ROUTINE ", "MATERIALIZE "})
        if (detail.starts_with(kind)) subquery_scans.insert("SCAN " + detail.substr(std::string(kind).size()));
    for (const std::string& detail : details) {
      if (subquery_scans.count(detail)) continue;
      // "SCAN g" (a table or its alias) without "USING ... INDEX": every row is read. The
      // growing tables are the only ones hot paths touch, so any such line is one of them
      // (a scan of a subquery's or CTE's result reads what was already searched). A bare
      // "SEARCH g" is max() or min() over a table no index answers: every row too, unless it
      // is max(id), the last row of the table's own B-tree.
      const bool reads_all = detail.starts_with("SCAN ") || detail.starts_with("SEARCH ");
      if (!reads_all || detail.find("USING") != std::string::npos) continue;
      if (detail.starts_with("SEARCH ") && sql.find("max(id) FROM " + detail.substr(7)) != std::string::npos) continue;
      if (detail.starts_with("SCAN CONSTANT ROW")) continue;
      scans.push_back(detail + "  <-  " + sql);
    }
  }
  for (const auto& scan : scans) UNSCOPED_INFO(scan);
  CHECK(scans.empty());
}

// Flat in the server's history (issue 40 item 6): a listing reads its page of at most a
// hundred rows and a count, from stored columns, and replays no game. The statements that
// `hy3 games alice bob all`, `all show alice` and `hy3 ratings` run are counted with a
// short history and a long one (more than a page); the counts must be equal, and none of
// the statements may read a game's moves (a replay reads them, or at least its digest).
namespace {

// alice and bob, and `games` finished rated HY 3 games: half alice against bob, half
// alice against a player of their own (so `hy3 ratings` has that many rated players).
struct History : pbem::test::ServiceFixture {
  explicit History(int games) {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    GameRecords records(db);
    Ratings ratings(db);
    Transaction transaction(db);
    const std::int64_t alice = Accounts(db).find("alice")->id, bob = Accounts(db).find("bob")->id;
    for (int i = 0; i < games; ++i) {
      std::int64_t opponent = bob;
      if (i % 2) {
        db.prepare("INSERT INTO users (userid, password_hash, created_at) VALUES (?, 'x', 'then')")
            .bind(1, "p" + std::to_string(i))
            .run();
        opponent = db.last_insert_id();
      }
      const GameRecord record = records.create("hy3", "-size=3", alice, opponent, "test.example");
      auto game = records.replay(record);
      REQUIRE(game->resign(1).ok);
      records.append(record, "resign", 1, opponent, *game);
      pbem::test::rate_stored_game(db, record.id);
    }
    // And one game in progress, so `active` and `next` find something too.
    records.create("hy3", "-size=3", alice, bob, "test.example");
    transaction.commit();
  }

  // The statements `command` runs, mailed by alice.
  std::vector<std::string> statements_of(const std::string& command) {
    std::vector<std::string> run;
    db.set_statement_hook([&](std::string_view sql) { run.emplace_back(sql); });
    deliver("alice@example.org", command);
    db.set_statement_hook(nullptr);
    return run;
  }
};

}  // namespace

TEST_CASE("a listing runs as many statements with a long history as with a short one, and replays nothing",
          "[query_plan][turn_columns]") {
  History short_history(4), long_history(300);
  for (const char* command : {"hy3 games alice bob all", "hy3 games alice bob", "hy3 games alice inactive",
                              "hy3 games alice bob next", "all show alice", "all show alice active",
                              "all show alice next", "hy3 ratings"}) {
    INFO(command);
    const auto few = short_history.statements_of(command);
    const auto many = long_history.statements_of(command);
    CHECK(few.size() == many.size());
    for (const std::string& sql : many) {
      INFO(sql);
      CHECK(sql.find("FROM moves") == std::string::npos);
      CHECK(sql.find("moves_digest") == std::string::npos);
      // What a listing reads of the tables it lists is a page, a count, or one row by its
      // whole key (a player's rating in `all show`): never every row of a kind.
      if (sql.find("FROM games") == std::string::npos && sql.find("FROM ratings") == std::string::npos) continue;
      CHECK((sql.find(" LIMIT ") != std::string::npos || sql.starts_with("SELECT count(*)") ||
             sql.ends_with("WHERE r.game_type = ? AND r.user_id = ?")));
    }
  }
  // The long history is more than a page: a hundred lines, then the count of the rest
  // (300 finished games and one in progress; alice, bob and 150 others rated).
  auto last_reply = [&] { return Outbox(long_history.db).queued().back().data; };
  long_history.deliver("alice@example.org", "hy3 games alice all");
  CHECK(last_reply().find("... and 201 more") != std::string::npos);
  long_history.deliver("alice@example.org", "all show alice");
  CHECK(last_reply().find("... and 201 more") != std::string::npos);
  long_history.deliver("alice@example.org", "hy3 ratings");
  CHECK(last_reply().find("... and 52 more") != std::string::npos);
  // A hundred userids are one statement of four hundred index reads (SQLite's limit on
  // the parts of a compound SELECT is 500); a hundred and one are refused before any read.
  std::string hundred = "hy3 games all alice";
  for (int i = 1; i < 199; i += 2) hundred += " p" + std::to_string(i);
  long_history.deliver("alice@example.org", hundred);
  CHECK(last_reply().find("#1  alice vs bob") != std::string::npos);
  CHECK(last_reply().find("... and 201 more") != std::string::npos);
  // Three userids or four: the same statements, text for text (the connection caches
  // statements by their text, so their number must not follow the userids named).
  auto listing_statements = [&](const std::string& command) {
    std::vector<std::string> reading_games;
    for (const std::string& sql : long_history.statements_of(command))
      if (sql.find("FROM games") != std::string::npos) reading_games.push_back(sql);
    return reading_games;
  };
  CHECK(listing_statements("hy3 games all alice bob p1").size() == 2);
  CHECK(listing_statements("hy3 games all alice bob p1") == listing_statements("hy3 games all alice bob p1 p3"));
  long_history.deliver("alice@example.org", hundred + " bob");
  CHECK(last_reply().find("a list of games may name at most 100 userids, not 101") != std::string::npos);
}
