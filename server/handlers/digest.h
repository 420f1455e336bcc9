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

#include "server/handlers/tick_handlers.h"
#include "server/context/command_context.h"

namespace pbem::server {

// The first `hour`:00 UTC after `now`.
std::chrono::system_clock::time_point next_digest_time(int hour, std::chrono::system_clock::time_point now);

// `set userid password digest HH|off` and `set userid password movemail on|off`.
void set_digest(CommandContext& ctx, const Account& account, const std::string& value);
void set_movemail(CommandContext& ctx, const Account& account, const std::string& value);

}  // namespace pbem::server
