// /metrics without HTTP: the text format writer (server/web/prometheus_text.h), and the
// figures (storage/metric_counts.h) as mail, deliveries and the clock move them, on SQLite
// and PostgreSQL (postgres_storage). The HTTP side, promtool and a daemon's game are
// tests/integration/test_metrics.py.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "server/pipeline/clock_duties.h"
#include "server/storage/metric_counts.h"
#include "server/storage/outbox.h"
#include "server/support/clock.h"
#include "server/web/metrics_page.h"
#include "server/web/prometheus_text.h"
#include "server/web/web_routes.h"
#include "service_fixture.h"

using namespace pbem::server;
using pbem::server::web::PrometheusText;

namespace {

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

MetricsSnapshot figures(Database& db) { return MetricCounts(db).read(); }

}  // namespace

TEST_CASE("the text format: HELP and TYPE before the samples, label values and help escaped", "[metrics]") {
  PrometheusText text;
  text.family("pbem_things_total", "counter", "Things, with a \\ and a\nsecond line and \"quotes\".");
  text.sample({{"kind", "a\"b\\c\nd"}, {"other", "plain"}}, std::int64_t{3});
  text.sample({{"kind", ""}}, std::int64_t{0});
  text.family("pbem_age_seconds", "gauge", "An age.");
  text.sample({}, 1.5);
  text.sample({{"x", "y"}}, 0.0);
  CHECK(text.text() ==
        "# HELP pbem_things_total Things, with a \\\\ and a\\nsecond line and \"quotes\".\n"
        "# TYPE pbem_things_total counter\n"
        "pbem_things_total{kind=\"a\\\"b\\\\c\\nd\",other=\"plain\"} 3\n"
        "pbem_things_total{kind=\"\"} 0\n"
        "# HELP pbem_age_seconds An age.\n"
        "# TYPE pbem_age_seconds gauge\n"
        "pbem_age_seconds 1.5\n"
        "pbem_age_seconds{x=\"y\"} 0\n");
  CHECK(PrometheusText::escaped_label_value("\\\"\n") == "\\\\\\\"\\n");
  CHECK(PrometheusText::escaped_help("\"\\\n") == "\"\\\\\\n");
}

TEST_CASE("the text format refuses what would not parse: bad names, a family twice, a sample first", "[metrics]") {
  PrometheusText text;
  CHECK_THROWS_AS(text.sample({}, std::int64_t{1}), std::logic_error);
  CHECK_THROWS_AS(text.family("2things", "gauge", "h"), std::invalid_argument);
  CHECK_THROWS_AS(text.family("pbem things", "gauge", "h"), std::invalid_argument);
  CHECK_THROWS_AS(text.family("pbem_things", "histogram", "h"), std::invalid_argument);
  text.family("pbem_things", "gauge", "h");
  CHECK_THROWS_AS(text.family("pbem_things", "gauge", "h"), std::invalid_argument);
  CHECK_THROWS_AS(text.sample({{"bad-name", "v"}}, std::int64_t{1}), std::invalid_argument);
  CHECK_THROWS_AS(text.sample({{"__reserved", "v"}}, std::int64_t{1}), std::invalid_argument);
  CHECK_THROWS_AS(text.sample({{"", "v"}}, std::int64_t{1}), std::invalid_argument);
}

TEST_CASE("every figure is written, each label of a counter from 0, the age counted to now", "[metrics]") {
  MetricsSnapshot snapshot;
  snapshot.inbox_pending = 2;
  snapshot.outbox_queued = 5;
  const auto now = std::chrono::system_clock::now();
  snapshot.oldest_queued_at = now - std::chrono::seconds(90);
  snapshot.games_active = 4;
  snapshot.games_finished = 7;
  snapshot.counts[{"messages_processed", "processed"}] = 12;
  snapshot.counts[{"commands_refused", "wrong_password"}] = 3;
  snapshot.counts[{"deliveries", "retry"}] = 6;
  snapshot.counts[{"clock_duties", "abort"}] = 1;
  snapshot.reviews_waiting = 2;
  snapshot.counts[{std::string(pbem::server::counter::kReviews), "done"}] = 3;
  const std::string text = web::metrics_text(snapshot, now);
  INFO(text);
  for (const char* line : {"# TYPE pbem_inbox_pending_messages gauge", "pbem_inbox_pending_messages 2",
                           "# TYPE pbem_outbox_queued_messages gauge", "pbem_outbox_queued_messages 5",
                           "# TYPE pbem_outbox_oldest_queued_age_seconds gauge",
                           "pbem_outbox_oldest_queued_age_seconds 90",
                           "# TYPE pbem_messages_processed_total counter",
                           "pbem_messages_processed_total{result=\"processed\"} 12",
                           "pbem_messages_processed_total{result=\"failed\"} 0",
                           "pbem_messages_processed_total{result=\"skipped\"} 0",
                           "# TYPE pbem_commands_refused_total counter",
                           "pbem_commands_refused_total{reason=\"wrong_password\"} 3",
                           "pbem_commands_refused_total{reason=\"parse_error\"} 0",
                           "pbem_commands_refused_total{reason=\"throttled\"} 0",
                           "pbem_commands_refused_total{reason=\"limit\"} 0",
                           "pbem_commands_refused_total{reason=\"internal_error\"} 0",
                           "pbem_commands_refused_total{reason=\"other\"} 0",
                           "# TYPE pbem_deliveries_total counter", "pbem_deliveries_total{result=\"sent\"} 0",
                           "pbem_deliveries_total{result=\"retry\"} 6", "pbem_deliveries_total{result=\"failed\"} 0",
                           "# TYPE pbem_games gauge", "pbem_games{state=\"active\"} 4",
                           "pbem_games{state=\"finished\"} 7", "# TYPE pbem_clock_duties_total counter",
                           "pbem_clock_duties_total{duty=\"reminder\"} 0",
                           "pbem_clock_duties_total{duty=\"loss_on_time\"} 0",
                           "pbem_clock_duties_total{duty=\"abort\"} 1", "pbem_clock_duties_total{duty=\"digest\"} 0",
                           "pbem_clock_duties_total{duty=\"tournament_start\"} 0",
                           "pbem_clock_duties_total{duty=\"autovacation\"} 0",
                           "pbem_clock_duties_total{duty=\"invitation_lapse\"} 0",
                           "# TYPE pbem_reviews_waiting gauge", "pbem_reviews_waiting 2",
                           "# TYPE pbem_reviews_done_total counter", "pbem_reviews_done_total 3"})
    CHECK(has_line(text, line));
  // Every family has its HELP line right before its TYPE line.
  for (const char* name : {"pbem_inbox_pending_messages", "pbem_outbox_queued_messages",
                           "pbem_outbox_oldest_queued_age_seconds", "pbem_messages_processed_total",
                           "pbem_commands_refused_total", "pbem_deliveries_total", "pbem_games",
                           "pbem_clock_duties_total", "pbem_reviews_waiting", "pbem_reviews_done_total"}) {
    const auto help = text.find(std::string("# HELP ") + name + " ");
    REQUIRE(help != std::string::npos);
    const std::string type_line = std::string("# TYPE ") + name + " ";
    CHECK(text.compare(text.find('\n', help) + 1, type_line.size(), type_line) == 0);
  }
  // With nothing queued the age is 0.
  snapshot.oldest_queued_at.reset();
  CHECK(has_line(web::metrics_text(snapshot, now), "pbem_outbox_oldest_queued_age_seconds 0"));
}

TEST_CASE("the counters move with the mail processed and refused, the games with the play", "[metrics]") {
  pbem::test::ServiceFixture f;
  const MetricsSnapshot empty = figures(f.db);
  CHECK(empty.inbox_pending == 0);
  CHECK(empty.outbox_queued == 0);
  CHECK_FALSE(empty.oldest_queued_at);
  CHECK(empty.games_active == 0);
  CHECK(empty.games_finished == 0);
  CHECK(empty.counts.empty());

  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "frobnicate the board");        // parse_error
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice wrong-pw c1");  // wrong_password
  f.deliver("alice@example.org", "hy3 show 99");                 // other: no such game
  // Stored and not processed yet.
  f.service.receive(pbem::test::plain_mail("bob@example.net", "help", "waiting"), std::nullopt);
  // Machine mail (the null sender) is skipped, bytes that are no mail fail.
  f.service.process(f.service.receive(pbem::test::plain_mail("x@example.org", "help", "bounce"), "").inbox_id);
  f.service.process(f.service.receive("no mail at all", std::nullopt).inbox_id);

  MetricsSnapshot now = figures(f.db);
  CHECK(now.inbox_pending == 1);
  // Each member's signup, confirm and `set challenges auto`, and the four commands above.
  CHECK(now.count("messages_processed", "processed") == 10);
  CHECK(now.count("messages_processed", "skipped") == 1);
  CHECK(now.count("messages_processed", "failed") == 1);
  CHECK(now.count("commands_refused", "parse_error") == 1);
  CHECK(now.count("commands_refused", "wrong_password") == 1);
  CHECK(now.count("commands_refused", "other") == 1);
  CHECK(now.count("commands_refused", "throttled") == 0);
  CHECK(now.games_active == 1);
  CHECK(now.games_finished == 0);
  CHECK(now.outbox_queued == static_cast<std::int64_t>(Outbox(f.db).queued().size()));
  REQUIRE(now.oldest_queued_at);
  CHECK(*now.oldest_queued_at <= std::chrono::system_clock::now());

  // The game ends: one more finished, one fewer active.
  f.deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  now = figures(f.db);
  CHECK(now.games_active == 0);
  CHECK(now.games_finished == 1);

  // Retention deletes the rows; the counters stay.
  f.db.exec("DELETE FROM outbox_texts");
  f.db.exec("DELETE FROM outbox");
  f.db.exec("DELETE FROM inbox WHERE state <> 'received'");
  CHECK(figures(f.db).count("messages_processed", "processed") == 11);
}

TEST_CASE("a limit and the password throttle are counted as such", "[metrics]") {
  pbem::test::ServiceFixture f;
  f.config.limits.failed_passwords_per_hour = 1;
  f.config.limits.message_recipients = 1;
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.member("carol", "carol@example.net");
  f.deliver("alice@example.org", "message alice pw-alice bob carol");  // two recipients, one allowed
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice wrong-pw c1");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");  // the one wrong password this hour was spent
  const MetricsSnapshot now = figures(f.db);
  CHECK(now.count("commands_refused", "limit") == 1);
  CHECK(now.count("commands_refused", "wrong_password") == 1);
  CHECK(now.count("commands_refused", "throttled") == 1);
}

TEST_CASE("deliveries are counted by their result, whoever records them", "[metrics]") {
  pbem::test::ServiceFixture f;
  f.member("alice", "alice@example.org");
  f.deliver("alice@example.org", "help");
  f.deliver("alice@example.org", "help commands");
  const auto queued = Outbox(f.db).queued();
  REQUIRE(queued.size() >= 3);
  Outbox outbox(f.db);
  outbox.mark_retry(queued[0].id, "451 try later", std::chrono::system_clock::now());
  outbox.mark_retry(queued[0].id, "451 try later", std::chrono::system_clock::now());
  outbox.mark_sent(queued[0].id);
  outbox.mark_failed(queued[1].id, "550 no such user");
  outbox.mark_sent(queued[2].id);
  const MetricsSnapshot now = figures(f.db);
  CHECK(now.count("deliveries", "retry") == 2);
  CHECK(now.count("deliveries", "sent") == 2);
  CHECK(now.count("deliveries", "failed") == 1);
  CHECK(now.outbox_queued == static_cast<std::int64_t>(queued.size()) - 3);
}

TEST_CASE("the clock's duties are counted in the transaction that does them", "[metrics]") {
  pbem::test::ServiceFixture f;
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=4");  // game 1: nobody moves
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=4");  // game 2
  f.deliver("alice@example.org", "hy3 move 2 alice pw-alice b2");
  f.deliver("bob@example.net", "hy3 move 2 bob pw-bob c3");
  const std::string past = iso8601(std::chrono::system_clock::now() - std::chrono::hours(1));
  // Game 1's deadline passes with alice never having moved (an abort); game 2's with both
  // having moved (alice loses on time).
  f.db.prepare("UPDATE games SET deadline_at = ? WHERE id IN (1, 2)").bind_all(past).run();
  f.db.exec("UPDATE users SET autovacation = 0");  // the loss itself, not a vacation day instead
  run_clock_duties(f.db, f.config);
  MetricsSnapshot now = figures(f.db);
  CHECK(now.count("clock_duties", "abort") == 1);
  CHECK(now.count("clock_duties", "loss_on_time") == 1);
  CHECK(now.games_finished == 2);
  // Done once: a second tick finds nothing due and counts nothing.
  run_clock_duties(f.db, f.config);
  CHECK(figures(f.db).count("clock_duties", "abort") == 1);
}

TEST_CASE("/metrics answers GET and HEAD alone; the web window never serves it", "[metrics]") {
  pbem::test::ServiceFixture f;
  const web::WebResponse metrics = web::metrics_response(f.db, {"GET", "/metrics?x=1", ""});
  CHECK(metrics.status == 200);
  CHECK(metrics.content_type == web::kMetricsContentType);
  CHECK(has_line(metrics.body, "pbem_games{state=\"active\"} 0"));
  CHECK(web::metrics_response(f.db, {"HEAD", "/metrics", ""}).status == 200);
  CHECK(web::metrics_response(f.db, {"GET", "/", ""}).status == 404);
  CHECK(web::metrics_response(f.db, {"GET", "/metrics/x", ""}).status == 404);
  CHECK(web::metrics_response(f.db, {"POST", "/metrics", ""}).status == 405);
  CHECK(web::respond(f.db, f.config, {"GET", "/metrics", ""}).status == 404);
}
