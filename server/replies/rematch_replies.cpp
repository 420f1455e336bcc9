#include "server/replies/rematch_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const RematchRefusal& why) {
  using namespace rematch_refusal;
  return std::visit(
      Overloaded{[](const RunningGame& r) { return text(Msg::RematchOfRunningGameRefusal, {{"game", r.game}}); },
                 [](const Taken& r) {
                   const std::string state = r.waits       ? text(Msg::RematchWaiting)
                                             : r.ended_how ? text(Msg::RematchInvitationEnded, {{"how", *r.ended_how}})
                                                           : "";
                   return text(Msg::RematchTakenRefusal, {{"game", r.game}, {"rematch", r.rematch}, {"state", state}});
                 },
                 [](const SignedOff& r) { return text(Msg::SignedOffNoRematchRefusal, {{"player", r.player}}); }},
      why);
}

std::string rematch_headline(const GameRecord& rematched, const Game& game, const std::string& player,
                             const std::string& first, const std::string& second) {
  return text(Msg::RematchHeadline, {{"rematched", rematched.id},
                                     {"player", player},
                                     {"title", game_title(rematched.type)},
                                     {"first", first},
                                     {"first_colour", colour_of(game, 0)},
                                     {"second", second},
                                     {"second_colour", colour_of(game, 1)}});
}

}  // namespace pbem::server
