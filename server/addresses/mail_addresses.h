// The addresses the server's mails carry, made with the server's secret key
// (addresses/game_address.h makes and reads their form): a player's game address (the
// Reply-To of their game mails, so that a reply with a move plays it; pipeline/reply_move.h
// reads it back), a user's digest address, and their unsubscribe addresses.
//
// List-Unsubscribe (RFC 2369; spec "The operator's mailbox, deliverability and monitoring";
// docs/commands.md "Unsubscribing by mail"): every mail a user gets because of a setting
// carries, as its List-Unsubscribe, a mailto: to that user's own unsubscribe address for
// the setting,
//   <local>+u-<setting>-<userid>-<token>@<domain>
// (addresses/game_address.h makes and finds it; pipeline/unsubscribe_mail.h reads a mail to
// it), and any mail to that address turns the setting off
// without a password, once: the first says so to the user's confirmed addresses, later
// ones find nothing to turn off and send nothing. The settings: `digest` (the daily
// digest), a game type (watching that kind: every new game and the games watched now) and
// a game number (watching that one game). The address outlives a password change: it can
// only turn mail off, and an old mail's unsubscribe button must keep working.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {

// The game address of a player for mail about `game`, for the Reply-To of their game mails.
std::string player_game_address(Database& db, const Config& config, std::int64_t game, const std::string& userid,
                                int password_generation);

// For an error about game `game` whose answer goes to `recipient`: the game address of the
// player of that game whose confirmed address `recipient` is, so that a reply with the
// corrected move plays it (spec "The newcomer's path, third round"); "" when `recipient` is
// no player's confirmed address (a game address is a credential: it goes only where that
// player's board mails go) or the game is over.
std::string game_address_for_recipient(Database& db, const Config& config, std::int64_t game,
                                       const std::string& recipient);

// `account`'s digest address, registered so that a reply to the digest finds its user by
// the token (pipeline/digest_reply.h).
std::string digest_address(Database& db, const Config& config, const Account& account);

// The setting of the daily digest, as an unsubscribe address names it.
inline constexpr std::string_view kDigestSetting = "digest";
// The setting of the operator's announcements (`pbem announce`), likewise.
inline constexpr std::string_view kAnnouncementsSetting = "announcements";

// `account`'s unsubscribe address for `setting`.
std::string unsubscribe_address_of(Database& db, const Config& config, const Account& account,
                                   std::string_view setting);
// The unsubscribe address of a watcher's copy of a mail of `record`: the kind's when the
// watcher watches every new game of it (the button then stops that kind of mail), else the
// game's.
std::string watcher_unsubscribe_address(Database& db, const Config& config, const Account& watcher,
                                        const GameRecord& record);

}  // namespace pbem::server
