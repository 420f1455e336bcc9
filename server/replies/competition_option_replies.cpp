#include "server/replies/competition_option_replies.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const CompetitionOptionRefusal& why) {
  using namespace competition_option_refusal;
  return std::visit(
      Overloaded{[](const NameMalformed& r) {
                   return text(Msg::CompetitionNameMalformedRefusal, {{"kind", r.kind}, {"name", quoted_word(r.name)}});
                 },
                 [](const NameEncoded& r) { return text(Msg::CompetitionNameEncodedRefusal, {{"kind", r.kind}}); },
                 [](const NameLooksLikeOption& r) {
                   return text(Msg::CompetitionNameLooksLikeOptionRefusal,
                               {{"kind", r.kind}, {"name", quoted_word(r.name)}});
                 },
                 [](const NumberOutOfRange& r) {
                   return text(Msg::NumberOptionOutOfRangeRefusal,
                               {{"option", r.option}, {"low", r.low}, {"high", r.high}, {"word", quoted_word(r.word)}});
                 },
                 [](const RatingRangeNotForCompetition&) { return text(Msg::RatingRangeNotForCompetitionRefusal); },
                 [](const NotTheComputer& r) { return text(Msg::NotTheComputerRefusal, {{"userid", r.userid}}); }},
      why);
}

}  // namespace pbem::server
