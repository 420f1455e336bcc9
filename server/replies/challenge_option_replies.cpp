#include "server/replies/challenge_option_replies.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const ChallengeOptionRefusal& why) {
  using namespace challenge_option_refusal;
  return std::visit(
      Overloaded{
          [](const DaysOutOfRange& r) { return text(Msg::DaysOutOfRangeRefusal, {{"word", quoted_word(r.word)}}); },
          [](const WeekendsNeitherOffNorOn& r) {
            return text(Msg::WeekendsNeitherOffNorOnRefusal, {{"word", quoted_word(r.word)}});
          },
          [](const RatingRangeMalformed& r) {
            return text(Msg::RatingRangeMalformedRefusal, {{"word", quoted_word(r.word)}});
          },
          [](const BankWithoutIncrement& r) {
            return text(Msg::BankWithoutIncrementRefusal, {{"word", quoted_word(r.word)}});
          },
          [](const BankNotDuration& r) { return text(Msg::BankNotDurationRefusal, {{"word", quoted_word(r.word)}}); },
          [](const BankOutOfRange& r) { return text(Msg::BankOutOfRangeRefusal, {{"bank", quoted_word(r.bank)}}); },
          [](const IncrementOverBank& r) {
            return text(Msg::IncrementOverBankRefusal, {{"value", quoted_word(r.value)}});
          },
          [](const TwoClocks&) { return text(Msg::TwoClocksRefusal); }},
      why);
}

}  // namespace pbem::server
