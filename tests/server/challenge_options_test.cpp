// The server's own challenge options (play/challenge_options.h, play/time_bank.h): a bad
// value is refused with a typed kind and the word it is about (play/challenge_option_refusal.h),
// and replies/challenge_option_replies.h words it as the mails always said it; their help
// lines come from the catalogue (mailing/reply_format.h, `server_option_lines`).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/play/challenge_options.h"
#include "server/play/time_bank.h"
#include "server/replies/challenge_option_replies.h"

using namespace pbem::server;

namespace {

// The refusal `words` get, or a failed check when they are taken.
ChallengeOptionRefusal refusal_of(const std::vector<std::string>& words) {
  try {
    split_challenge_options(words);
  } catch (const ChallengeOptionError& error) {
    return error.refusal();
  }
  FAIL("the options were taken");
  return challenge_option_refusal::TwoClocks{};
}

}  // namespace

TEST_CASE("a bad server option is refused by kind, with the word it is about", "[challenge_options]") {
  using namespace challenge_option_refusal;
  CHECK(std::get<DaysOutOfRange>(refusal_of({"-days=61"})).word == "-days=61");
  CHECK(std::get<DaysOutOfRange>(refusal_of({"-days"})).word == "-days");
  CHECK(std::get<WeekendsNeitherOffNorOn>(refusal_of({"-weekends=sometimes"})).word == "-weekends=sometimes");
  CHECK(std::get<RatingRangeMalformed>(refusal_of({"-rating=1700-1400"})).word == "-rating=1700-1400");
  CHECK(std::get<BankWithoutIncrement>(refusal_of({"-clock=10"})).word == "-clock=10");
  CHECK(std::get<BankNotDuration>(refusal_of({"-clock=10d+1"})).word == "-clock=10d+1");
  CHECK(std::get<BankOutOfRange>(refusal_of({"-clock=61+1"})).bank == "61");
  CHECK(std::get<IncrementOverBank>(refusal_of({"-clock=1+2"})).value == "1+2");
  CHECK(std::holds_alternative<TwoClocks>(refusal_of({"-days=3", "-clock=10+1"})));
  // A game's own options pass through untouched, for the engine to judge.
  const ChallengeOptions taken = split_challenge_options({"-size=7", "-unrated", "-weekends=off", "-clock=240h+36h"});
  CHECK(taken.game_options == std::vector<std::string>{"-size=7"});
  CHECK_FALSE(taken.rated);
  CHECK(taken.weekends_off);
  REQUIRE(taken.bank);
  CHECK(taken.bank->increment_seconds == 36 * 3600);
}

TEST_CASE("a refused server option reads as it always did", "[challenge_options]") {
  using namespace challenge_option_refusal;
  CHECK(refusal_text(DaysOutOfRange{"-days=61"}) ==
        "-days needs a number of days per move from 0 to 60 (0 = no time limit), e.g. -days=7; got '-days=61'");
  CHECK(refusal_text(WeekendsNeitherOffNorOn{"-weekends=x"}) ==
        "-weekends is -weekends=off (no clock runs from Saturday 00:00 to Monday 00:00 UTC) or -weekends=on (the "
        "default); got '-weekends=x'");
  CHECK(refusal_text(RatingRangeMalformed{"-rating=9"}) ==
        "-rating needs a range of ratings, low to high, e.g. -rating=1400-1700; got '-rating=9'");
  CHECK(refusal_text(BankWithoutIncrement{"-clock=10"}) ==
        "-clock needs a bank and an increment, B+I, e.g. -clock=10+1 (days) or -clock=240h+36h (hours); got "
        "'-clock=10'");
  CHECK(refusal_text(BankNotDuration{"-clock=x+1"}) ==
        "-clock's bank and increment are whole days or hours with h, e.g. -clock=10+1 (days) or -clock=240h+36h "
        "(hours); got '-clock=x+1'");
  CHECK(refusal_text(BankOutOfRange{"61"}) == "-clock's bank must be 1 hour to 60 days; got '61'");
  CHECK(refusal_text(IncrementOverBank{"1+2"}) == "-clock's increment must not be more than its bank; got '1+2'");
  CHECK(refusal_text(TwoClocks{}) == "-days and -clock are two kinds of clock: give one of them");
  // Every kind has a text of its own.
  std::set<std::string> texts;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (texts.insert(refusal_text(ChallengeOptionRefusal(std::in_place_index<I>))), ...);
  }(std::make_index_sequence<std::variant_size_v<ChallengeOptionRefusal>>{});
  CHECK(texts.size() == std::variant_size_v<ChallengeOptionRefusal>);
}

TEST_CASE("the server options' help lines come from the catalogue", "[challenge_options]") {
  CHECK(server_option_lines("  ", "   ") ==
        "  -unrated   the game does not count for the ratings (default: rated)\n"
        "  -days=<n>   days per move, 0 to 60; 0 = no time limit (default: the server's, see help)\n"
        "  -clock=B+I   a time bank instead: B days (or Bh hours), I more after each move\n"
        "  -weekends=off   off: the clock stands still from Saturday 00:00 to Monday 00:00 UTC (default: on)\n"
        "  -rating=LO-HI   an open invitation (challenge userid any): who may take it, by rating\n");
}
