// The mail a game sends (server/mailing/game_mail.*): one walk over its recipients, the
// players with their own text and game address, then the watchers with theirs.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "server/context/command_context.h"
#include "server/mailing/game_mail.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++count;
  return count;
}

// HY 3 #1, alice (red) against bob, watched by carol: bob has resigned.
struct FinishedGame : pbem::test::ServiceFixture {
  FinishedGame() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
    member("carol", "carol@example.com");
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    deliver("carol@example.com", "hy3 subscribe 1 carol pw-carol");
    deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  }
};

}  // namespace

TEST_CASE("a finished game's mail goes to both players and the watcher, the result said once", "[game_mail]") {
  FinishedGame f;
  const Request request;  // as the clock sends it: no command to answer
  Outcome out;
  CommandContext ctx(f.db, f.config, std::nullopt, request, out);
  const GameRecord record = *ctx.records.find(1);
  REQUIRE_FALSE(record.active);
  game_update(ctx, record, *ctx.records.replay(record),
              {.headline = "bob (blue) resigned.", .rating_changes = ctx.ratings.changes(1)});

  std::vector<std::string> to;
  for (const Reply& reply : out.replies) {
    to.push_back(reply.to);
    CHECK(reply.subject == "HY 3 #1: alice wins");
    CHECK(occurrences(reply.text, "The game is over: alice (red) wins.") == 1);
    CHECK(reply.game_id == 1);
    CHECK(reply.kind == MailKind::Game);
    CHECK_FALSE(reply.to_sender);
  }
  CHECK(to == std::vector<std::string>{"alice@example.org", "bob@example.net", "carol@example.com"});
  REQUIRE(out.replies.size() == 3);
  for (const Reply& player : {out.replies[0], out.replies[1]}) {
    CHECK(player.reply_to.find("+1-") != std::string::npos);  // their game address
    CHECK(occurrences(player.text, "HY 3 ratings:") == 1);
    CHECK(occurrences(player.text, "You are watching") == 0);
  }
  const Reply& watcher = out.replies[2];
  CHECK(watcher.reply_to.empty());
  CHECK(occurrences(watcher.text, "ratings:") == 0);
  CHECK(occurrences(watcher.text, "You are watching this game. To stop, send:\n    hy3 unsubscribe 1 carol <password>\n") ==
        1);
}

TEST_CASE("a mail for one player goes to nobody else, and without a game address when asked", "[game_mail]") {
  FinishedGame f;
  const Request request;
  Outcome out;
  CommandContext ctx(f.db, f.config, std::nullopt, request, out);
  const GameRecord record = *ctx.records.find(1);
  send_game_mail(ctx, record,
                 {.subject = "only bob",
                  .player_text = [](const Account& account) { return "for " + account.userid + "\n"; },
                  .game_address = false,
                  .only_user = record.players[1],
                  .watcher_text = "not sent\n"});
  REQUIRE(out.replies.size() == 1);
  CHECK(out.replies[0].to == "bob@example.net");
  CHECK(out.replies[0].text == "for bob\n");
  CHECK(out.replies[0].reply_to.empty());
}
