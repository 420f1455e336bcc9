// Replies of a carried-out command into the outbox (mail_service.cpp), shared by the
// processing of inbound mail and by the computer opponent's moves (bot_turns.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mail/inbound_message.h"
#include "server/commands/processor.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// Turns replies into outbox rows with threading headers (In-Reply-To/References to
// `message` for replies to its sender, else to the game's thread); returns how many were
// queued. Message-IDs are "<id_prefix><n>.<salt>@domain": the caller makes the prefix
// stable per unit of work, so doing it again can never mint new ones.
int queue_replies(Database& db, const Config& config, const std::string& tag, const mail::InboundMessage& message,
                  const std::vector<Reply>& replies, const std::string& id_prefix, const std::string& salt,
                  std::optional<std::int64_t> inbox_id);

}  // namespace pbem::server
