// The one interface of competitions (issue 53: play/competitions.h,
// competition/registry.cpp, mailing/competition_text.h): every kind registered once, in
// the order of the reactions and mails; each worded; a game of each found as that kind.
#include <catch2/catch.hpp>

#include "server/competition/registry.h"
#include "server/handlers/operator_acts.h"
#include "server/context/ply_reactions.h"
#include "server/storage/game_records.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/refusal_text.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {
// Game 1: a friendly game of alice and bob; game 2: bob's climb on ladder L#1 "club".
void friendly_and_ladder_game(pbem::test::ServiceFixture& f) {
  f.member("alice", "alice@example.org");
  f.member("bob", "bob@example.net");
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 ladder new alice pw-alice club -size=3");
  f.deliver("alice@example.org", "hy3 join L#1 alice pw-alice");
  f.deliver("bob@example.net", "hy3 join L#1 bob pw-bob");
  f.deliver("bob@example.net", "hy3 climb L#1 bob pw-bob alice");
}
}  // namespace

TEST_CASE("every stored ply runs ratings, proposals, each kind's results, then conditional answers", "[competitions]") {
  CHECK(ply_reactions().names() == std::vector<std::string>{"ratings", "proposals", "tournament results",
                                                            "league results", "ladder results",
                                                            "conditional answers"});
}

TEST_CASE("each kind of competition has its words and its rules", "[competitions]") {
  std::vector<std::string> kinds;
  for (const auto& kind : competitions().kinds()) {
    kinds.push_back(kind->kind());
    CompetitionOfGame of(kind->kind(), 3, "club");
    CHECK_NOTHROW(competition_heading(of));
    CHECK(competition_page(of).find("/3") != std::string::npos);
    CHECK(abort_refused(7, of).find("cannot be aborted") != std::string::npos);
    CHECK_FALSE(kind->games_may_abort());       // a result is owed to the competition
    CHECK_FALSE(kind->never_moved_aborts());    // joining was consent: the loss on time stands
  }
  CHECK(kinds == std::vector<std::string>{"tournament", "league", "ladder"});
  CHECK_THROWS_AS(competition_heading(CompetitionOfGame("cup", 1, "x")), std::logic_error);
}

TEST_CASE("a game of a competition is found as that kind, a friendly game as none", "[competitions]") {
  pbem::test::ServiceFixture f;
  friendly_and_ladder_game(f);
  CHECK_FALSE(competitions().of_game(f.db, 1));
  const auto found = competitions().of_game(f.db, 2);
  REQUIRE(found);
  CHECK(found->kind.kind() == "ladder");
  CHECK(competition_heading(found->of) == "Ladder L#1 club\n\n");
  CHECK(signoff_lines({LeftCompetition("ladder", 1, "club"), LeftCompetition("tournament", 0, "", LeftCompetition::How::Entry),
                       LeftCompetition("league", 2, "west", LeftCompetition::How::AfterSeason, 4)}) ==
        "You were taken out of the 1 tournament(s) you had joined that have not started.\n"
        "You left ladder(s) L#1 club; your ladder games under way go on.\n"
        "You leave league(s) G#2 west (after season 4): play your games\nof the season out or resign them.\n");
}

TEST_CASE("the operator cannot void a competition's game, which owes its result; a friendly game is voided",
          "[competitions][moderation]") {
  pbem::test::ServiceFixture f;
  friendly_and_ladder_game(f);
  const VerdictMails refused = void_by_operator(f.db, f.config, 2, "engine use");
  const auto* why = std::get_if<VerdictRefusal>(&refused.result);
  REQUIRE(why);
  const auto* in = std::get_if<refusal::InCompetition>(why);
  REQUIRE(in);
  CHECK(in->kind == "ladder");
  CHECK(in->id == 1);
  CHECK(refusal_text(*why, 2) ==
        "game 2 is a game of ladder L#1 club, which needs its result: adjudicate it instead "
        "(pbem adjudicate 2 USERID --reason TEXT)");
  CHECK(refused.replies.empty());
  const auto still = GameRecords(f.db).find(2);
  REQUIRE(still);
  CHECK(still->active);
  CHECK_FALSE(still->voided);
  const VerdictMails voided = void_by_operator(f.db, f.config, 1, "engine use");
  CHECK(std::holds_alternative<Verdict>(voided.result));
  CHECK(voided.replies.size() == 2);
}
