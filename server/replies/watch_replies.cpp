#include "server/replies/watch_replies.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
std::string stop_line(const std::string& type, const std::string& game, const std::string& userid) {
  return text(Msg::WatchStopCommand, {{"type", type}, {"game", game}, {"userid", userid}});
}
}  // namespace

std::string refusal_text(const WatchRefusal& why) {
  using namespace watch_refusal;
  return std::visit(
      Overloaded{[](const WatchesEveryGameAlready& r) {
                   return text(Msg::WatchesEveryGameAlreadyRefusal,
                               {{"userid", r.userid}, {"title", game_title(r.type)}, {"type", r.type}});
                 },
                 [](const PlaysInGame& r) { return text(Msg::PlaysInWatchedGameRefusal, {{"userid", r.userid}, {"game", r.game}}); },
                 [](const GameOver& r) { return text(Msg::WatchedGameOverRefusal, {{"game", r.game}}); },
                 [](const WatchesGameAlready& r) {
                   return text(Msg::WatchesGameAlreadyRefusal,
                               {{"userid", r.userid},
                                {"game", r.game},
                                {"stop", stop_line(r.type, std::to_string(r.game), r.userid)}});
                 },
                 [](const NotWatchingEveryGame& r) {
                   return text(Msg::NotWatchingEveryGameRefusal, {{"userid", r.userid}, {"title", game_title(r.type)}});
                 },
                 [](const NotWatchingGame& r) { return text(Msg::NotWatchingGameRefusal, {{"userid", r.userid}, {"game", r.game}}); },
                 [](const UnsubscribeOnlyByMail&) { return text(Msg::UnsubscribeOnlyByMailRefusal); }},
      why);
}

ReplyWords watching_every_game(const std::string& watcher, const std::string& type) {
  const std::string title = game_title(type);
  return {text(Msg::WatchingEveryGameSubject, {{"title", title}}),
          text(Msg::WatchingEveryGame, {{"userid", watcher}, {"title", title}, {"type", type}})};
}

ReplyWords watching_game(const GameRecord& record, const Game& game, const std::string& watcher) {
  return {text(Msg::WatchingSubject, {{"title", game_title(record.type)}, {"game", record.id}}),
          text(Msg::WatchingGame, {{"userid", watcher},
                                   {"heading", board_heading(record)},
                                   {"first", record.userids[0]},
                                   {"second", record.userids[1]},
                                   {"board", game.render(RenderContext{userids_by_colour(record, game)})},
                                   {"stop", stop_line(record.type, std::to_string(record.id), watcher)}})};
}

ReplyWords stopped_watching_every_game(const std::string& watcher, const std::string& type) {
  const std::string title = game_title(type);
  return {text(Msg::StoppedWatchingNewSubject, {{"title", title}}),
          text(Msg::StoppedWatchingNew, {{"userid", watcher}, {"title", title}, {"type", type}})};
}

ReplyWords stopped_watching_game(const GameRecord& record, const std::string& watcher) {
  return {text(Msg::StoppedWatchingSubject, {{"title", game_title(record.type)}, {"game", record.id}}),
          text(Msg::StoppedWatching, {{"userid", watcher}, {"heading", board_heading(record)}})};
}

ReplyWords digest_unsubscribed(const std::string& userid) {
  return {text(Msg::DigestOffSubject), text(Msg::DigestUnsubscribed, {{"userid", userid}})};
}

ReplyWords unwatched_kind(const std::string& userid, const std::string& type, bool kind,
                          const std::vector<std::int64_t>& games) {
  const std::string title = game_title(type);
  std::vector<std::string> numbers;
  for (std::int64_t game : games) numbers.push_back(text(Msg::UnwatchedGameNumber, {{"game", game}}));
  const std::string listed = join(numbers, ", ");
  const std::string what = games.empty() ? text(Msg::UnwatchedKind, {{"title", title}})
                           : kind        ? text(Msg::UnwatchedKindAndGames, {{"title", title}, {"games", listed}})
                                         : text(Msg::UnwatchedGames, {{"games", listed}});
  return {text(Msg::UnwatchedKindSubject, {{"title", title}}),
          text(Msg::UnwatchedKindText, {{"userid", userid}, {"title", title}, {"what", what}, {"type", type}})};
}

ReplyWords unwatched_game(const std::string& userid, std::int64_t game, const std::optional<GameRecord>& record) {
  const std::string title = record ? text(Msg::GameSubject, {{"title", game_title(record->type)}, {"game", game}})
                                   : text(Msg::UnwatchedUnknownGame, {{"game", game}});
  return {text(Msg::UnwatchedGameSubject, {{"name", title}}),
          text(Msg::UnwatchedGame, {{"userid", userid}, {"name", title}}) +
              (record ? text(Msg::WatchAgain, {{"type", record->type}, {"game", game}, {"userid", userid}}) : std::string())};
}

std::string unsubscribed_from_other_address(const std::string& from) {
  return text(Msg::UnsubscribedFromOtherAddress, {{"address", from}});
}

}  // namespace pbem::server
