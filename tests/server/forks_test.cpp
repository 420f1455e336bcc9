// Forking a finished game (server.md "Forking a finished game", handlers/fork_command.cpp):
// the new game's first K moves are the old one's, the sender is to move, it is unrated,
// against the computer by default or an invitation to a player, and its record and mails
// say what it is a fork of. Through the mail service.
#include <catch2/catch.hpp>

#include <string>

#include "server/competition/registry.h"
#include "server/mailing/reply_format.h"
#include "server/records/json_record.h"
#include "server/records/record_source.h"
#include "server/storage/game_records.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

// Game 1: alice wins a size-3 HY 3 game along row c at ply 9.
struct Finished : pbem::test::TwoPlayers {
  Finished() {
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    const char* cells[] = {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"};
    for (int ply = 0; ply < 9; ++ply) {
      const std::string who = ply % 2 == 0 ? "alice" : "bob";
      deliver(who + (who == "alice" ? "@example.org" : "@example.net"),
              "hy3 move 1 " + who + " pw-" + who + " " + cells[ply]);
    }
  }
  std::string last_mail_to(const std::string& address) {
    std::string last;
    for (const QueuedMail& mail : Outbox(db).queued())
      if (mail.recipient == address) last = mail.data;
    return last;
  }
  GameRecord game(std::int64_t id) { return *GameRecords(db).find(id); }
};

}  // namespace

TEST_CASE("a fork goes on from the position after ply K, its first K moves the old game's", "[forks]") {
  Finished f;
  f.deliver("bob@example.net", "hy3 fork 1#4 bob pw-bob");  // against the computer
  const GameRecord forked = f.game(2);
  CHECK(forked.active);
  CHECK_FALSE(forked.rated);
  CHECK(forked.userids == std::array<std::string, 2>{"bob", f.config.bot.userid});  // after an even ply: first seat
  CHECK(forked.to_move == forked.players[0]);
  CHECK(forked.plies == 4);
  CHECK(forked.fork_of_game == 1);
  CHECK(forked.fork_of_ply == 4);
  CHECK(forked.days_per_move == f.config.clock.days_per_move);
  CHECK(forked.deadline_at.has_value());
  const auto moves = GameRecords(f.db).moves(2);
  REQUIRE(moves.size() == 4);
  CHECK(moves[3].move == "a2");
  CHECK(moves[0].created_at == GameRecords(f.db).moves(1)[0].created_at);  // when it was played
  const auto record = json_record(record_source(f.db, competitions(), forked, f.config.server.address));
  CHECK(record["fork_of"] == nlohmann::ordered_json{{"game", 1}, {"ply", 4}});
  CHECK(record["rated"] == false);
  CHECK(record["plies"].size() == 4);
  CHECK(record["players"][0]["userid"] == "bob");
  CHECK(board_heading(forked) == "HY 3 #2 (-size=3 -unrated, fork of #1 at ply 4)");
  CHECK(f.last_mail_to("bob@example.net").find("-unrated, fork of #1 at ply 4)") != std::string::npos);
  CHECK(f.last_mail_to("bob@example.net").find("bob forked HY 3 #1 at move 4") != std::string::npos);
  // It plays on from there, as any game: bob's fifth move.
  f.deliver("bob@example.net", "hy3 move 2 bob pw-bob c3#5");
  CHECK(f.game(2).plies == 5);
}

TEST_CASE("after an odd ply the sender takes the second seat; a player who answers challenges gets an invitation",
          "[forks]") {
  Finished f;
  f.deliver("alice@example.org", "hy3 fork 1#3 alice pw-alice bob");  // bob takes challenges at once
  const GameRecord started = f.game(2);
  CHECK(started.active);
  CHECK(started.userids == std::array<std::string, 2>{"bob", "alice"});
  CHECK(started.to_move == started.players[1]);
  f.member("carol", "carol@example.com", "");  // carol answers challenges herself
  f.deliver("alice@example.org", "hy3 fork 1#7 alice pw-alice carol");
  GameRecord invited = f.game(3);
  CHECK(invited.invitation == "invited");
  CHECK(invited.plies == 7);
  CHECK(f.last_mail_to("carol@example.com").find("Fork of:     #1 at ply 7, alice to move") != std::string::npos);
  f.deliver("carol@example.com", "hy3 accept 3 carol pw-carol");
  invited = f.game(3);
  CHECK(invited.active);
  CHECK(invited.userids == std::array<std::string, 2>{"carol", "alice"});
  CHECK(invited.to_move == invited.players[1]);  // alice, the side to move after ply 7
  CHECK(invited.deadline_at.has_value());
}

TEST_CASE("a fork of a running game, an invitation, a ply out of range or an ended position is refused", "[forks]") {
  Finished f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");  // #2, running
  const auto refused = [&](const std::string& command, const std::string& reason) {
    INFO(command);
    f.deliver("alice@example.org", command);
    CHECK(f.last_mail_to("alice@example.org").find(reason) != std::string::npos);
    CHECK_FALSE(GameRecords(f.db).find(3).has_value());
  };
  refused("hy3 fork 2#0 alice pw-alice", "game 2 is still being played");
  refused("hy3 fork 1#10 alice pw-alice", "game 1 has moves 0 to 9 to fork from");
  refused("hy3 fork 1#9 alice pw-alice", "game 1 is already over after move 9");
  refused("hy3 fork 1 alice pw-alice", "a fork names the move it starts after");
  refused("hy3 fork 1#2 alice pw-alice alice", "a fork is played against someone else");
  refused("hy3 fork 1#2 alice pw-alice nobody", "nobody");
  refused("gates fork 1#2 alice pw-alice", "1");
  f.member("carol", "carol@example.com", "");
  f.deliver("alice@example.org", "hy3 challenge alice carol -size=3");  // #3, an invitation
  f.deliver("alice@example.org", "hy3 fork 3#0 alice pw-alice");
  CHECK(f.last_mail_to("alice@example.org").find("has not started") != std::string::npos);
  CHECK_FALSE(GameRecords(f.db).find(4).has_value());
}
