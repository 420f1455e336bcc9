// Why a server option of a challenge was refused (challenge_options.h, time_bank.h): a kind
// and the word it is about, worded by replies/challenge_option_replies.h. A game's own
// options (the engine's) refuse with OptionError, in the engine's words.
#pragma once

#include <stdexcept>
#include <string>
#include <variant>

namespace pbem::server {

namespace challenge_option_refusal {
// `word` is the option as the player wrote it ("-days=99"); for a bank, `value` the B+I part.
struct DaysOutOfRange { std::string word; };        // -days=N: N not a number from 0 to 60
struct WeekendsNeitherOffNorOn { std::string word; };
struct RatingRangeMalformed { std::string word; };  // -rating=LO-HI: not two ratings, low to high
struct BankWithoutIncrement { std::string word; };  // -clock=B: no +I
struct BankNotDuration { std::string word; };       // B or I not whole days, or hours with h
struct BankOutOfRange { std::string bank; };        // B under 1 hour or over 60 days
struct IncrementOverBank { std::string value; };    // I more than B
struct TwoClocks {};                                // -days and -clock at once
}  // namespace challenge_option_refusal
using ChallengeOptionRefusal =
    std::variant<challenge_option_refusal::DaysOutOfRange, challenge_option_refusal::WeekendsNeitherOffNorOn,
                 challenge_option_refusal::RatingRangeMalformed, challenge_option_refusal::BankWithoutIncrement,
                 challenge_option_refusal::BankNotDuration, challenge_option_refusal::BankOutOfRange,
                 challenge_option_refusal::IncrementOverBank, challenge_option_refusal::TwoClocks>;

// Thrown with the refusal; what() is for a log only, the player reads the refusal worded.
class ChallengeOptionError : public std::runtime_error {
 public:
  explicit ChallengeOptionError(ChallengeOptionRefusal why)
      : std::runtime_error("a server challenge option was refused"), why_(std::move(why)) {}
  const ChallengeOptionRefusal& refusal() const { return why_; }

 private:
  ChallengeOptionRefusal why_;
};

}  // namespace pbem::server
