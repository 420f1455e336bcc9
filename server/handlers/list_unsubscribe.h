// List-Unsubscribe (RFC 2369; spec "The operator's mailbox, deliverability and monitoring";
// docs/commands.md "Unsubscribing by mail"): every mail a user gets because of a setting
// carries, as its List-Unsubscribe, a mailto: to that user's own unsubscribe address for
// the setting,
//   <local>+u-<setting>-<userid>-<token>@<domain>
// (game_address.h makes and finds it), and any mail to that address turns the setting off
// without a password, once: the first says so to the user's confirmed addresses, later
// ones find nothing to turn off and send nothing. The settings: `digest` (the daily
// digest), a game type (watching that kind: every new game and the games watched now) and
// a game number (watching that one game). The address outlives a password change: it can
// only turn mail off, and an old mail's unsubscribe button must keep working.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/language/parser.h"
#include "server/pipeline/reply_move.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {

// The setting of the daily digest, as the address names it.
inline constexpr std::string_view kDigestSetting = "digest";

// `account`'s unsubscribe address for `setting`.
std::string unsubscribe_address_of(Database& db, const Config& config, const Account& account,
                                   std::string_view setting);

// The unsubscribe address of a watcher's copy of a mail of `record`: the kind's when the
// watcher watches every new game of it (the button then stops that kind of mail), else the
// game's.
std::string watcher_unsubscribe_address(Database& db, const Config& config, const Account& watcher,
                                        const GameRecord& record);

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
