// What the clock does to a game when its time comes, and the mail that says so: the loss
// on time at a deadline and the one reminder before it. The pipeline only schedules them
// (pipeline/clock_duties.*: which games are due, one transaction each, the outbox); the
// decisions and the wording are here, with the other game commands.
#pragma once

#include <optional>
#include <string>

#include "server/commands/context.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// Each checks that the duty is still due at `now` (ISO 8601) for `record` (read in this
// transaction), carries it out inside `ctx` with its mails in ctx.out, and returns the log
// line; nothing when it is not due (another process was first, or a move came in).
std::optional<std::string> lose_on_time(CommandContext& ctx, const GameRecord& record, const std::string& now);
std::optional<std::string> remind(CommandContext& ctx, const GameRecord& record, const std::string& now);

}  // namespace pbem::server
