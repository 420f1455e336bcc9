// The answer to the sender in words replies/ (or mailing/) chose (ReplyWords): the handler
// only addresses it.
#pragma once

#include <utility>

#include "server/context/command_context.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

// Adds the reply to the sender saying `words`; returned to set what else it is (its kind).
inline Reply& answer(CommandContext& ctx, ReplyWords words) {
  ctx.out.replies.push_back(ctx.to_sender(std::move(words.subject), std::move(words.text)));
  return ctx.out.replies.back();
}

}  // namespace pbem::server
