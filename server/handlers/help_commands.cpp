// The help commands: `help [subjects]` and `<game> help`; their texts are mailing/help_text.*.
#include "server/context/command_context.h"
#include "server/handlers/answer.h"
#include "server/handlers/handlers.h"
#include "server/mailing/help_text.h"

namespace pbem::server {

namespace handlers {

void help(CommandContext& ctx, const Command& c) {
  answer(ctx, help_reply(c.words, ctx.config.server.address, ctx.config.clock));
}

void game_help(CommandContext& ctx, const Command& c) { answer(ctx, game_help_reply(c.type)); }

}  // namespace handlers

}  // namespace pbem::server
