// A mail to an unsubscribe address (spec "The operator's mailbox, deliverability and
// monitoring"; the address: addresses/mail_addresses.h): found among a mail's recipients by
// the intake step, once, before the batch's transaction, and made into the command
// `list unsubscribe` (server/handlers/list_unsubscribe.cpp) for the address's owner.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/language/parser.h"
#include "server/pipeline/reply_move.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// A mail to an unsubscribe address: the `list unsubscribe` command for the address's owner
// (no password: the address is the credential), or why the address is refused. Nothing
// when none of `recipients` is an unsubscribe address of this server.
struct UnsubscribeMail {
  ParsedCommand command;
  std::optional<AddressOwner> owner;  // when the address is valid
};
std::optional<UnsubscribeMail> unsubscribe_mail(Database& db, const Config& config,
                                                const std::vector<std::string>& recipients);

}  // namespace pbem::server
