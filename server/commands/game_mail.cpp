#include "server/commands/game_mail.h"

#include <algorithm>

#include "server/commands/picture_cache.h"
#include "server/commands/reply_format.h"
#include "server/commands/reply_move.h"
#include "server/storage/watchers.h"

namespace pbem::server {

void mail_players(CommandContext& ctx, const GameRecord& record, const std::string& subject,
                  const std::function<std::string(const Account&)>& text_for) {
  for (std::int64_t id : record.players) {
    const Account account = *ctx.accounts.find_by_id(id);
    const std::string text = text_for(account);
    // A reply to it carries a move, accept or decline for this player (reply_move.h).
    const std::string game_address =
        player_game_address(ctx.db, ctx.config, record.id, account.userid, account.password_generation);
    for (const std::string& address : account.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = subject;
      reply.text = text;
      reply.game_id = record.id;
      reply.to_sender = address == ctx.request.sender;
      reply.kind = MailKind::Game;
      reply.reply_to = game_address;
      ctx.out.replies.push_back(reply);
    }
  }
}

const std::string& PictureOnDemand::png() {
  if (!png_) png_ = shared_picture_cache().picture(*game_);
  return *png_;
}

void mail_watchers(CommandContext& ctx, const GameRecord& record, const std::string& subject,
                   const std::string& text, PictureOnDemand* picture) {
  for (std::int64_t id : Watchers(ctx.db).of_game(record.id)) {
    if (id == record.players[0] || id == record.players[1]) continue;  // players get their own mail
    const Account watcher = *ctx.accounts.find_by_id(id);
    for (const std::string& address : watcher.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = subject;
      reply.text = text + "\nYou are watching this game. To stop, send:\n    " + record.type + " unsubscribe " +
                   std::to_string(record.id) + " " + watcher.userid + " <password>\n";
      reply.game_id = record.id;  // threaded like the players' mail
      reply.kind = MailKind::Game;
      if (watcher.pictures && picture) reply.picture_png = picture->png();
      // No reply_to: a watcher has no game address, a reply to this mail plays nothing.
      ctx.out.replies.push_back(reply);
    }
  }
}

void add_kind_watchers(CommandContext& ctx, const GameRecord& record) {
  Watchers watchers(ctx.db);
  for (std::int64_t id : watchers.of_kind(record.type))
    if (id != record.players[0] && id != record.players[1]) watchers.watch(record.id, id);
}

std::string watchers_line(CommandContext& ctx, const GameRecord& record) {
  return "Watchers: " + std::to_string(Watchers(ctx.db).count(record.id)) + "\n";
}

}  // namespace pbem::server
