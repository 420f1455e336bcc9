// The computer opponent's moves in the server (server/pipeline/bot_turns.*): stored exactly
// once with their board mails in one transaction, nothing half done when the database is
// busy at any statement, and nothing stored when the game changed while it was thinking.
#include <catch2/catch.hpp>


#include "server/pipeline/bot_turns.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

constexpr int kSqliteBusy = 5;

struct Server : pbem::test::ServiceFixture {
  Server() { config.bot.playouts = 50; }
  std::string count(const std::string& sql) { return pbem::test::joined_rows(db, sql); }
  std::string snapshot() {
    return count("SELECT count(*) FROM moves") + "|" + count("SELECT count(*) FROM outbox") + "|" +
           count("SELECT status || ':' || plies FROM games ORDER BY id");
  }
};

}  // namespace

TEST_CASE("the computer's move is stored once, with the board mail to its opponent", "[bot]") {
  Server s;
  BotTurns bot(s.db, s.config);
  CHECK(bot.play_pending() == 0);  // no account yet: the first challenge makes it
  s.member("alice", "alice@example.org");
  s.deliver("alice@example.org", "hy3 challenge bot alice -size=3");
  const std::string before = s.count("SELECT count(*) FROM outbox");
  CHECK(bot.play_pending() == 1);
  CHECK(s.count("SELECT m.ply || ' ' || u.userid FROM moves m JOIN users u ON u.id = m.user_id ORDER BY m.game_id, m.ply") ==
        "1 bot");
  // One board mail, to Alice only, with the bot's move in it.
  CHECK(std::stoi(s.count("SELECT count(*) FROM outbox")) == std::stoi(before) + 1);
  const QueuedMail last = Outbox(s.db).queued().back();
  CHECK(last.recipient == "alice@example.org");
  CHECK(last.data.find("bot (red) played") != std::string::npos);
  CHECK(last.data.find("Message-ID: <pbem-bot-1-1-1.") != std::string::npos);
  // Nothing left to do: the move is not made twice.
  CHECK(bot.play_pending() == 0);
  CHECK(s.count("SELECT count(*) FROM moves") == "1");
}

TEST_CASE("a busy database at any statement of the computer's move leaves nothing half done", "[bot][busy]") {
  Server s;
  BotTurns bot(s.db, s.config);
  s.member("alice", "alice@example.org");
  s.deliver("alice@example.org", "hy3 challenge bot alice -size=3");
  const std::string before = s.snapshot();
  const std::string after = "1|" + std::to_string(std::stoi(s.count("SELECT count(*) FROM outbox")) + 1) + "|active:1";
  int failures = 0;
  for (int n = 1;; ++n) {
    auto seen = std::make_shared<int>(0);
    s.db.set_statement_hook([seen, n](std::string_view sql) {
      if (++*seen == n) throw DatabaseError(kSqliteBusy, "database is locked (injected at: " + std::string(sql) + ")");
    });
    bool failed = false;
    try {
      bot.play_pending();
    } catch (const DatabaseError& e) {
      failed = true;
      ++failures;
      INFO("statement " << n << ": " << e.what());
      // Either nothing, or the whole move with its mail (a failure after its commit, in
      // the next round's look for more work).
      CHECK((s.snapshot() == before || s.snapshot() == after));
    }
    s.db.set_statement_hook(nullptr);
    if (!failed) break;
    REQUIRE(n < 500);
  }
  CHECK(failures > 10);
  CHECK(s.snapshot() == after);
}

TEST_CASE("a game that changed while the computer was thinking gets no move from it", "[bot]") {
  Server s;
  BotTurns bot(s.db, s.config);
  s.member("alice", "alice@example.org");
  s.deliver("alice@example.org", "hy3 challenge alice bot -size=3");
  s.deliver("alice@example.org", "hy3 move 1 alice pw-alice c3");
  // Alice resigns (out of turn, as anyone may) on another connection, just before the
  // computer opens its transaction to store the move it chose.
  Database other(s.location);
  MailService other_service(other, s.config);
  auto resigned = std::make_shared<bool>(false);
  s.db.set_statement_hook([&, resigned](std::string_view sql) {
    if (*resigned || (sql != "BEGIN IMMEDIATE" && sql != "BEGIN")) return;  // SQLite, PostgreSQL
    *resigned = true;
    other_service.process(
        other_service.receive(pbem::test::plain_mail("alice@example.org", "hy3 resign 1 alice pw-alice", "resign-1"),
                              std::nullopt)
            .inbox_id);
  });
  CHECK(bot.play_pending() == 0);
  s.db.set_statement_hook(nullptr);
  CHECK(*resigned);
  CHECK(s.count("SELECT m.move FROM moves m ORDER BY m.game_id, m.ply") == "c3,resign");
}

namespace {

// Alice against the computer on HY 3 size 3 (it moves first), after its move and hers, with
// her `proposal` ("undo" or "abort") pending: made before the computer's thread ran again.
void propose_to_the_computer(Server& s, BotTurns& bot, const std::string& options, const std::string& proposal) {
  s.member("alice", "alice@example.org");
  s.deliver("alice@example.org", "hy3 challenge bot alice -size=3" + options);
  REQUIRE(bot.play_pending() == 1);
  const std::string taken = s.count("SELECT move FROM moves");
  s.deliver("alice@example.org", std::string("hy3 move 1 alice pw-alice ") + (taken == "a1" ? "b1" : "a1") + "#2");
  s.deliver("alice@example.org", "hy3 " + proposal + " 1 alice pw-alice");
  REQUIRE(s.count("SELECT state FROM proposals") == "pending");
}

// The computer's answer to proposal 1, as queued to Alice, with the lines that format=flowed
// and quoted-printable broke joined again.
std::string answer_to_alice(Server& s) {
  for (const QueuedMail& mail : Outbox(s.db).queued())
    if (mail.recipient == "alice@example.org" && mail.message_id.starts_with("pbem-bot-1-p1-")) {
      std::string text = mail.data;
      for (std::size_t at; (at = text.find(" \r\n")) != std::string::npos;) text.replace(at, 3, " ");
      for (std::size_t at; (at = text.find("=\r\n")) != std::string::npos;) text.erase(at, 3);
      return text;
    }
  return "";
}

}  // namespace

TEST_CASE("the computer answers a proposal at once: agreed in an unrated game", "[bot][proposals]") {
  Server s;
  BotTurns bot(s.db, s.config);
  SECTION("abort: the game ends without a result, and the computer makes no move") {
    propose_to_the_computer(s, bot, " -unrated", "abort");
    CHECK(bot.play_pending() == 1);
    CHECK(s.count("SELECT state || ' ' || answered_by FROM proposals") == "accepted " + s.count("SELECT id FROM users WHERE userid = 'bot'"));
    CHECK(s.count("SELECT status || ' ' || plies FROM games") == "finished 2");
    CHECK(answer_to_alice(s).find("agrees to every proposal in an unrated game") != std::string::npos);
  }
  SECTION("undo: Alice's move is taken back and she is to move again") {
    propose_to_the_computer(s, bot, " -unrated", "undo");
    CHECK(bot.play_pending() == 1);
    CHECK(s.count("SELECT state FROM proposals") == "accepted");
    CHECK(s.count("SELECT status || ' ' || plies FROM games") == "active 1");
  }
  CHECK(bot.play_pending() == 0);  // answered once
}

TEST_CASE("the computer answers a proposal at once: declined in a rated game, then it moves", "[bot][proposals]") {
  Server s;
  BotTurns bot(s.db, s.config);
  for (const char* proposal : {"abort", "undo"}) {
    DYNAMIC_SECTION(proposal) {
      propose_to_the_computer(s, bot, "", proposal);
      CHECK(bot.play_pending() == 2);  // the answer, then its move
      CHECK(s.count("SELECT state FROM proposals") == "declined");
      CHECK(answer_to_alice(s).find("declines them in a rated one") != std::string::npos);
      CHECK(s.count("SELECT status || ' ' || plies FROM games") == "active 3");
      CHECK(bot.play_pending() == 0);
    }
  }
}

// Issue 46: the computer finds its turns by the stored whose-turn column, so its round
// makes the same statements with one game against it as with ten, both when it has nothing
// to do and when it moves in one game.
TEST_CASE("the computer's round makes the same statements with 1 or 10 of its games", "[bot][page_cost]") {
  Server s;
  s.config.bot.games_per_user = 20;
  BotTurns bot(s.db, s.config);
  s.member("alice", "alice@example.org");
  const auto round = [&] {
    std::size_t made = s.statements_of([&] { bot.play_pending(); }).size();
    return made;
  };
  const auto its_games = [&](int n) {
    for (int i = 0; i < n; ++i) s.deliver("alice@example.org", "hy3 challenge alice bot -size=3");  // alice to move
  };
  its_games(1);
  CHECK(bot.play_pending() == 0);
  const std::size_t idle_with_one = round();
  s.deliver("alice@example.org", "hy3 challenge bot alice -size=3");  // the computer to move
  const std::size_t moving_with_one = round();
  CHECK(s.count("SELECT count(*) FROM moves") == "1");

  its_games(9);
  const std::size_t idle_with_ten = round();
  s.deliver("alice@example.org", "hy3 challenge bot alice -size=3");
  const std::size_t moving_with_ten = round();
  CHECK(s.count("SELECT count(*) FROM moves") == "2");
  CHECK(idle_with_ten == idle_with_one);
  CHECK(moving_with_ten == moving_with_one);
}
