// Flat in the database's size (issue 33): every statement the hot paths run is looked at
// with SQLite's EXPLAIN QUERY PLAN, and a full scan of a table that grows with the
// installation's age fails the test. The hot paths: accounts and confirmations, a whole
// game by mail (challenge, moves, the end with ratings), `games`, `ratings`, `history`,
// `show`, the clock's tick, and the web window's pages.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "server/pipeline/clock_duties.h"
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
  for (const char* command : {"hy3 games", "hy3 games inactive", "hy3 games all", "hy3 games alice", "gates games all bob", "hy3 ratings", "hy3 history 1",
                              "hy3 show 1", "hy3 tournaments", "set alice pw-alice digest 7", "vacation alice pw-alice 1"})
    f.deliver("alice@example.org", command);
  run_clock_duties(f.db, f.config);
  for (const char* page : {"/", "/games/1", "/games/1/3.png", "/players/alice", "/ratings/hy3"})
    web::respond(f.db, f.config, {"GET", page, ""});
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
    while (plan.step()) {
      const std::string detail = plan.column_text(3);
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
