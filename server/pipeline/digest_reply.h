// Replies to the daily digest (spec "Daily digest"; docs/commands.md "The daily digest"):
// a mail to a user's digest address plays one move per line, each as that game's move by
// reply. The intake step (pipeline/intake.h) reads such a mail once, before the batch's
// transaction; the digest itself is sent by the tick (server/handlers/tick_handlers.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/command_lines.h"
#include "server/pipeline/reply_move.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// A mail to a user's digest address: its lines, one move each (`#N move` or `N move`), from
// `new_text` (the body above any quote or signature), each read once into the owner's typed
// act in that game, as a move by reply is; and the address's owner. Nothing when no recipient is a digest address.
struct DigestReply {
  ParsedCommand refused;               // when the address is not valid: why
  std::optional<CommandLines> lines;   // else the lines
  std::optional<AddressOwner> owner;
};
std::optional<DigestReply> digest_reply(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                        std::string_view new_text);

}  // namespace pbem::server
