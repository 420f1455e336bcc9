// Watching games: `<game> subscribe N userid password` makes any registered user a watcher
// of game N (they get its board mails, game_mail.h); `... all` instead of the number
// watches every new game of that kind. `unsubscribe` undoes either.
#include <algorithm>

#include "server/context/command_context.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/game_mail.h"
#include "server/handlers/handlers.h"
#include "server/mailing/reply_format.h"
#include "server/storage/watchers.h"

namespace pbem::server {

namespace {

bool every_game(const Command& c) { return c.words.size() == 1 && c.words[0] == "all"; }

std::string stop_line(const Command& c, const std::string& target, const std::string& userid) {
  return text(Msg::WatchStopCommand, {{"type", c.type}, {"game", target}, {"userid", userid}});
}

}  // namespace

namespace handlers {

void subscribe(CommandContext& ctx, const Command& c) {
  const Account watcher = ctx.authenticated(c);
  Watchers watchers(ctx.db);
  const std::string title = game_title(c.type);
  if (every_game(c)) {
    if (!watchers.watch_kind(c.type, watcher.id))
      throw CommandError(text(Msg::WatchesEveryGameAlreadyRefusal,
                              {{"userid", watcher.userid}, {"title", title}, {"type", c.type}}));
    ctx.out.summary = c.type + " all subscribed by " + watcher.userid;
    ctx.out.replies.push_back(
        ctx.to_sender(text(Msg::WatchingEveryGameSubject, {{"title", title}}),
                      text(Msg::WatchingEveryGame, {{"userid", watcher.userid}, {"title", title}, {"type", c.type}})));
    return;
  }
  const GameRecord record = ctx.started_game_of_type(c, c.boards.at(0).number);
  const std::string number = std::to_string(record.id);
  if (record.players[0] == watcher.id || record.players[1] == watcher.id)
    throw CommandError(text(Msg::PlaysInWatchedGameRefusal, {{"userid", watcher.userid}, {"game", record.id}}));
  if (!record.active) throw CommandError(text(Msg::WatchedGameOverRefusal, {{"game", record.id}}));
  if (!watchers.watch(record.id, watcher.id))
    throw CommandError(text(Msg::WatchesGameAlreadyRefusal, {{"userid", watcher.userid},
                                                             {"game", record.id},
                                                             {"stop", stop_line(c, number, watcher.userid)}}));
  ctx.out.summary = c.type + " #" + number + " subscribed by " + watcher.userid;
  const auto game = ctx.records.replay(record);
  const std::string board = game->render(RenderContext{userids_by_colour(record, *game)});
  Reply reply = ctx.to_sender(text(Msg::WatchingSubject, {{"title", title}, {"game", record.id}}),
                              text(Msg::WatchingGame, {{"userid", watcher.userid},
                                                       {"heading", board_heading(record)},
                                                       {"first", record.userids[0]},
                                                       {"second", record.userids[1]},
                                                       {"board", board},
                                                       {"stop", stop_line(c, number, watcher.userid)}}));
  reply.mark_board(game->diagram());
  reply.about_game(record.id, record.thread_id);
  ctx.out.replies.push_back(reply);
}

void unsubscribe(CommandContext& ctx, const Command& c) {
  const Account watcher = ctx.authenticated(c);
  Watchers watchers(ctx.db);
  const std::string title = game_title(c.type);
  if (every_game(c)) {
    if (!watchers.stop_kind(c.type, watcher.id))
      throw CommandError(text(Msg::NotWatchingEveryGameRefusal, {{"userid", watcher.userid}, {"title", title}}));
    ctx.out.summary = c.type + " all unsubscribed by " + watcher.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        text(Msg::StoppedWatchingNewSubject, {{"title", title}}),
        text(Msg::StoppedWatchingNew, {{"userid", watcher.userid}, {"title", title}, {"type", c.type}})));
    return;
  }
  const GameRecord record = ctx.game_of_type(c, c.boards.at(0).number);
  const std::string number = std::to_string(record.id);
  if (!watchers.stop(record.id, watcher.id))
    throw CommandError(text(Msg::NotWatchingGameRefusal, {{"userid", watcher.userid}, {"game", record.id}}));
  ctx.out.summary = c.type + " #" + number + " unsubscribed by " + watcher.userid;
  Reply reply =
      ctx.to_sender(text(Msg::StoppedWatchingSubject, {{"title", title}, {"game", record.id}}),
                    text(Msg::StoppedWatching, {{"userid", watcher.userid}, {"heading", board_heading(record)}}));
  reply.about_game(record.id, record.thread_id);
  ctx.out.replies.push_back(reply);
}

}  // namespace handlers
}  // namespace pbem::server
