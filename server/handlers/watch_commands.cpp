// Watching games: `<game> subscribe N userid password` makes any registered user a watcher
// of game N (they get its board mails, game_mail.h); `... all` instead of the number
// watches every new game of that kind. `unsubscribe` undoes either.
#include <algorithm>

#include "server/context/command_context.h"
#include "server/handlers/answer.h"
#include "server/handlers/handlers.h"
#include "server/replies/watch_replies.h"
#include "server/storage/watchers.h"

namespace pbem::server {

namespace {

bool every_game(const Command& c) { return c.words.size() == 1 && c.words[0] == "all"; }

}  // namespace

namespace handlers {

void subscribe(CommandContext& ctx, const Command& c) {
  const Account watcher = ctx.authenticated(c);
  Watchers watchers(ctx.db);
  if (every_game(c)) {
    if (!watchers.watch_kind(c.type, watcher.id))
      throw CommandError(refusal_text(watch_refusal::WatchesEveryGameAlready{watcher.userid, c.type}));
    ctx.out.summary = c.type + " all subscribed by " + watcher.userid;
    answer(ctx, watching_every_game(watcher.userid, c.type));
    return;
  }
  const GameRecord record = ctx.started_game_of_type(c, c.boards.at(0).number);
  if (record.players[0] == watcher.id || record.players[1] == watcher.id)
    throw CommandError(refusal_text(watch_refusal::PlaysInGame{watcher.userid, record.id}));
  if (!record.active) throw CommandError(refusal_text(watch_refusal::GameOver{record.id}));
  if (!watchers.watch(record.id, watcher.id))
    throw CommandError(refusal_text(watch_refusal::WatchesGameAlready{watcher.userid, c.type, record.id}));
  ctx.out.summary = c.type + " #" + std::to_string(record.id) + " subscribed by " + watcher.userid;
  const auto game = ctx.records.replay(record);
  Reply& reply = answer(ctx, watching_game(record, *game, watcher.userid));
  reply.mark_board(game->diagram());
  reply.about_game(record.id, record.thread_id);
}

void unsubscribe(CommandContext& ctx, const Command& c) {
  const Account watcher = ctx.authenticated(c);
  Watchers watchers(ctx.db);
  if (every_game(c)) {
    if (!watchers.stop_kind(c.type, watcher.id))
      throw CommandError(refusal_text(watch_refusal::NotWatchingEveryGame{watcher.userid, c.type}));
    ctx.out.summary = c.type + " all unsubscribed by " + watcher.userid;
    answer(ctx, stopped_watching_every_game(watcher.userid, c.type));
    return;
  }
  const GameRecord record = ctx.game_of_type(c, c.boards.at(0).number);
  if (!watchers.stop(record.id, watcher.id))
    throw CommandError(refusal_text(watch_refusal::NotWatchingGame{watcher.userid, record.id}));
  ctx.out.summary = c.type + " #" + std::to_string(record.id) + " unsubscribed by " + watcher.userid;
  answer(ctx, stopped_watching_game(record, watcher.userid)).about_game(record.id, record.thread_id);
}

}  // namespace handlers
}  // namespace pbem::server
