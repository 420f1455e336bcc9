// The daily digest (spec "Daily digest"; docs/commands.md "The daily digest"): one mail a
// day at the user's hour listing every game where it is their move, which they can answer
// with one move per line; and the choice to stop the board mails of other players' moves.
// The clock tick schedules it (pipeline/clock_duties.*); storage/digests.* keeps the hour.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/handlers/clock_events.h"
#include "server/handlers/command_context.h"
#include "server/handlers/multiple.h"
#include "server/pipeline/reply_move.h"

namespace pbem::server {

// The first `hour`:00 UTC after `now`.
std::chrono::system_clock::time_point next_digest_time(int hour, std::chrono::system_clock::time_point now);

// `set userid password digest HH|off` and `set userid password movemail on|off`.
void set_digest(CommandContext& ctx, const Account& account, const std::string& value);
void set_movemail(CommandContext& ctx, const Account& account, const std::string& value);

// The tick's duty for a user whose digest is due at `now`: the mail when it is their move
// in at least one game, and the next digest a day on. Inside the caller's transaction;
// nothing when it is no longer due (another tick was first).
std::optional<ClockDutyDone> send_digest(Database& db, const Config& config, std::int64_t user_id,
                                         const std::string& now);

// A mail to a user's digest address: its lines, one move each (`#N move` or `N move`), from
// `new_text` (the body above any quote or signature), each parsed once as that game's move
// by reply; and the address's owner. Nothing when no recipient is a digest address.
struct DigestReply {
  ParsedCommand refused;               // when the address is not valid: why
  std::optional<CommandLines> lines;   // else the lines
  std::optional<AddressOwner> owner;
};
std::optional<DigestReply> digest_reply(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                        std::string_view new_text);

}  // namespace pbem::server
