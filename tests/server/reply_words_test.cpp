// The words of the answers to commands (server/replies/): every kind of each family's
// refusal is worded, its placeholders filled (text() throws on a missing or stray one), so a
// kind added without its words, or with the wrong data, fails here before a player sees it.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>
#include <variant>

#include "server/replies/account_code_replies.h"
#include "server/replies/account_replies.h"
#include "server/replies/address_replies.h"
#include "server/replies/challenge_option_replies.h"
#include "server/replies/check_replies.h"
#include "server/replies/competition_option_replies.h"
#include "server/replies/conditional_replies.h"
#include "server/replies/finished_game_replies.h"
#include "server/replies/game_replies.h"
#include "server/replies/invitation_replies.h"
#include "server/replies/ladder_replies.h"
#include "server/replies/league_replies.h"
#include "server/replies/note_replies.h"
#include "server/replies/parse_replies.h"
#include "server/replies/rematch_replies.h"
#include "server/replies/tournament_replies.h"
#include "server/replies/vacation_replies.h"
#include "server/replies/watch_replies.h"

using namespace pbem::server;

namespace {

// Words every alternative of `Refusal`, value-initialised, with `words`; each is a sentence.
template <typename Refusal, typename Words>
void every_kind_is_worded(Words&& words) {
  const auto check = [&](const Refusal& why, std::size_t index) {
    INFO("alternative " << index);
    CHECK_FALSE(words(why).empty());
  };
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (check(Refusal(std::in_place_index<I>), I), ...);
  }(std::make_index_sequence<std::variant_size_v<Refusal>>{});
}

auto worded = [](const auto& why) { return refusal_text(why); };

}  // namespace

TEST_CASE("every kind of a command family's refusal has its words", "[catalogue][replies]") {
  every_kind_is_worded<CheckRefusal>(worded);
  every_kind_is_worded<AddressRefusal>(worded);
  every_kind_is_worded<AccountRefusal>(worded);
  every_kind_is_worded<CodeRefusal>(worded);
  every_kind_is_worded<ReviewRefusal>(worded);
  every_kind_is_worded<ForkRefusal>(worded);
  every_kind_is_worded<LadderRefusal>(worded);
  every_kind_is_worded<LeagueRefusal>(worded);
  every_kind_is_worded<TournamentRefusal>(worded);
  every_kind_is_worded<WatchRefusal>(worded);
  every_kind_is_worded<GameCommandRefusal>(worded);
  every_kind_is_worded<InvitationRefusal>(worded);
  every_kind_is_worded<RematchRefusal>(worded);
  every_kind_is_worded<ConditionalRefusal>(worded);
  every_kind_is_worded<NoteRefusal>(worded);
  every_kind_is_worded<CompetitionOptionRefusal>(worded);
  every_kind_is_worded<ChallengeOptionRefusal>(worded);
  every_kind_is_worded<ParseRefusal>(worded);
  const VacationDays days{"alice", "2026", 10, 28};
  every_kind_is_worded<VacationRefusal>([&](const VacationRefusal& why) { return refusal_text(why, days); });
}

TEST_CASE("every argument a parse refusal names has a name of its own", "[catalogue][replies]") {
  std::set<std::string> names;
  for (int what = 0; what <= static_cast<int>(Argument::Clear); ++what) {
    const std::string missing = refusal_text(ParseRefusal(parse_refusal::Missing{static_cast<Argument>(what)}));
    INFO(missing);
    CHECK(missing.starts_with("missing "));
    CHECK(names.insert(missing).second);
  }
  // A refused word is quoted where it may be repeated, else only its place is named.
  CHECK(refusal_text(ParseRefusal(parse_refusal::NotALeagueNumber{{Argument::League, "g#x"}})) ==
        "'g#x' is not a league: write it with its prefix, e.g. G#3");
  CHECK(refusal_text(ParseRefusal(parse_refusal::NotALeagueNumber{{Argument::League, std::nullopt}})) ==
        "the word where the league belongs is not a league: write it with its prefix, e.g. G#3");
  CHECK(refusal_text(ParseRefusal(parse_refusal::WrongSecondWord{"tournament", {"new", "start"}, "x"})) ==
        "tournament what? expected 'tournament new' or 'tournament start', not 'x'");
  CHECK(refusal_text(ParseRefusal(parse_refusal::MissingSettingValue{"movemail", SettingValues::OnOff})) == "missing on or off after movemail");
}

TEST_CASE("a shared check's refusal carries its data into its words", "[catalogue][replies]") {
  CHECK(refusal_text(CheckRefusal(check_refusal::WrongPassword{"alice"})).find("alice") != std::string::npos);
  CHECK(refusal_text(AddressRefusal(address_refusal::NotValidGameAddress{"g+12-x@example.org", 12})) ==
        "the address g+12-x@example.org is not a valid address of game 12");
  CHECK(refusal_text(AddressRefusal(address_refusal::NotAnUnsubscribeAddress{"u@example.org"})) ==
        "the address u@example.org is not a valid unsubscribe address here");
  // The relay limit names the user, or says "the user" when the account is gone.
  const std::string gone = refusal_text(CheckRefusal(check_refusal::RelayedByUser{std::nullopt, 1, 2, 3}));
  const std::string named = refusal_text(CheckRefusal(check_refusal::RelayedByUser{"bob", 1, 2, 3}));
  CHECK(named.find("bob") != std::string::npos);
  CHECK(gone != named);
}
