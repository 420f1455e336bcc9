// `export userid password` (spec "Accounts you cannot lose, and can leave"; docs/export.md):
// one mail to the sender with `<userid>-data.json`, everything the server keeps about the
// account (records/account_export.h). A suspended account may still take its data away
// (CommandContext::refuse_if_suspended lets export through).
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/handlers/answer.h"
#include "server/replies/account_replies.h"
#include "server/records/account_export.h"
#include "server/records/record_files.h"
#include "server/support/clock.h"

namespace pbem::server::handlers {

void export_data(CommandContext& ctx, const Command& c) {
  const Account account = ctx.authenticated(c);
  const std::string at = now_iso8601();
  const std::string file = account.userid + "-data.json";
  ctx.out.summary = "exported the data of " + account.userid;
  answer(ctx, export_reply(ctx.config.server.name, account.userid, file, at)).attachments = {
      {file, kJsonContentType, account_export_text(ctx.db, ctx.competitions, account.id, ctx.config.server.address, at)}};
}

}  // namespace pbem::server::handlers
