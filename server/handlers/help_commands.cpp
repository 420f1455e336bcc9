// The help commands: `help [subjects]` and `<game> help`; their texts are mailing/help_text.*.
#include "mail/text_wrap.h"
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/mailing/help_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace handlers {

void help(CommandContext& ctx, const Command& c) {
  ctx.out.replies.push_back(
      ctx.to_sender("Help", mail::wrap_text(help_text(c.words, ctx.config.server.address, ctx.config.clock))));
}

void game_help(CommandContext& ctx, const Command& c) {
  ctx.out.replies.push_back(ctx.to_sender(game_title(c.type) + " help", mail::wrap_text(game_help_text(c.type))));
}

}  // namespace handlers

}  // namespace pbem::server
