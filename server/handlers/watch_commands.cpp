// Watching games: `<game> subscribe N userid password` makes any registered user a watcher
// of game N (they get its board mails, game_mail.h); `... all` instead of the number
// watches every new game of that kind. `unsubscribe` undoes either.
#include <algorithm>

#include "server/handlers/command_context.h"
#include "server/mailing/game_mail.h"
#include "server/handlers/handlers.h"
#include "server/mailing/reply_format.h"
#include "server/storage/watchers.h"

namespace pbem::server {

namespace {

bool every_game(const Command& c) { return c.words.size() == 1 && c.words[0] == "all"; }

std::string stop_line(const Command& c, const std::string& target, const std::string& userid) {
  return c.type + " unsubscribe " + target + " " + userid + " <password>";
}

}  // namespace

namespace handlers {

void subscribe(CommandContext& ctx, const Command& c) {
  const Account watcher = ctx.authenticated(c);
  Watchers watchers(ctx.db);
  const std::string title = game_title(c.type);
  if (every_game(c)) {
    if (!watchers.watch_kind(c.type, watcher.id))
      throw CommandError(watcher.userid + " already watches every new " + title + " game (to stop: " + c.type +
                         " unsubscribe " + watcher.userid + " <password> all)");
    ctx.out.summary = c.type + " all subscribed by " + watcher.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        title + " games: watching every new game",
        watcher.userid + " now watches every new " + title + " game: each one started\n" +
            "from now on sends you its board mails. Games already running are watched\none by one with\n    " +
            c.type + " subscribe <board> " + watcher.userid + " <password>\nTo stop watching new games, send:\n    " +
            c.type + " unsubscribe " + watcher.userid + " <password> all\n"));
    return;
  }
  const GameRecord record = ctx.started_game_of_type(c, c.boards.at(0).number);
  const std::string number = std::to_string(record.id);
  if (record.players[0] == watcher.id || record.players[1] == watcher.id)
    throw CommandError(watcher.userid + " plays in game " + number + " and gets its mail already");
  if (!record.active) throw CommandError("game " + number + " is over: there is nothing more to watch");
  if (!watchers.watch(record.id, watcher.id))
    throw CommandError(watcher.userid + " already watches game " + number + " (to stop: " +
                       stop_line(c, number, watcher.userid) + ")");
  ctx.out.summary = c.type + " #" + number + " subscribed by " + watcher.userid;
  const auto game = ctx.records.replay(record);
  Reply reply = ctx.to_sender(
      title + " #" + number + ": watching",
      watcher.userid + " now watches " + board_heading(record) + ", " + record.userids[0] + " against " +
          record.userids[1] + ".\nEvery board mail of it comes to you too.\n\n" +
          game->render(RenderContext{userids_by_colour(record, *game)}) + "\nTo stop, send:\n    " +
          stop_line(c, number, watcher.userid) + "\n");
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
      throw CommandError(watcher.userid + " does not watch every new " + title + " game, so there is nothing to stop");
    ctx.out.summary = c.type + " all unsubscribed by " + watcher.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        title + " games: no longer watching new games",
        watcher.userid + " no longer watches new " + title + " games. Games you watch already\n" +
            "keep sending you their mail until you send, for each,\n    " + c.type + " unsubscribe <board> " +
            watcher.userid + " <password>\n"));
    return;
  }
  const GameRecord record = ctx.game_of_type(c, c.boards.at(0).number);
  const std::string number = std::to_string(record.id);
  if (!watchers.stop(record.id, watcher.id))
    throw CommandError(watcher.userid + " does not watch game " + number + ", so there is nothing to stop");
  ctx.out.summary = c.type + " #" + number + " unsubscribed by " + watcher.userid;
  Reply reply = ctx.to_sender(title + " #" + number + ": no longer watching",
                              watcher.userid + " no longer watches " + board_heading(record) + ".\n");
  reply.about_game(record.id, record.thread_id);
  ctx.out.replies.push_back(reply);
}

}  // namespace handlers
}  // namespace pbem::server
