#include "server/replies/finished_game_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const ReviewRefusal& why) {
  using namespace review_refusal;
  return std::visit(
      Overloaded{[](const Running& r) { return text(Msg::ReviewRunningRefusal, {{"game", r.game}}); },
                 [](const Empty& r) { return text(Msg::ReviewEmptyRefusal, {{"game", r.game}}); },
                 [](const Unconfirmed& r) { return text(Msg::ReviewUnconfirmedRefusal, {{"userid", r.userid}}); },
                 [](const Waiting& r) { return text(Msg::ReviewWaitingRefusal, {{"game", r.game}, {"place", r.place}}); },
                 [](const PerDay& r) { return text(Msg::ReviewPerDayRefusal, {{"userid", r.userid}, {"most", r.most}}); },
                 [](const QueueFull& r) { return text(Msg::ReviewQueueFullRefusal, {{"waiting", r.waiting}}); }},
      why);
}

ReplyWords review_queued(const GameRecord& game, std::int64_t place) {
  return {text(Msg::ReviewQueuedSubject, {{"title", game_title(game.type)}, {"game", game.id}}),
          text(Msg::ReviewQueued, {{"heading", board_heading(game)}, {"place", place}})};
}

std::string refusal_text(const ForkRefusal& why) {
  using namespace fork_refusal;
  return std::visit(
      Overloaded{[](const Running& r) { return text(Msg::ForkRunningRefusal, {{"game", r.game}}); },
                 [](const NoSuchPly& r) { return text(Msg::ForkPlyRefusal, {{"game", r.game}, {"plies", r.plies}}); },
                 [](const Over& r) { return text(Msg::ForkOverRefusal, {{"game", r.game}, {"ply", r.ply}}); },
                 [](const Yourself&) { return text(Msg::ForkYourselfRefusal); }},
      why);
}

std::string fork_headline(const std::string& player, const GameRecord& source, int ply, const std::string& first,
                          const std::string& second) {
  return text(Msg::ForkHeadline, {{"player", player},
                                  {"title", game_title(source.type)},
                                  {"source", source.id},
                                  {"ply", ply},
                                  {"first", first},
                                  {"second", second}});
}

}  // namespace pbem::server
