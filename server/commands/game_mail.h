// The board mail of a game, for the commands and for the clock's duties (reminders, loss on
// time), which write the same mail without a command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::server {

class CommandContext;

// Adds to ctx.out the board mail for both players (only `only_user` when given) with
// `headline` first; the mail that ends a rated game shows `rating_changes`. `subject`
// replaces the usual "<Game> #N: bob to move" when not empty.
void game_update(CommandContext& ctx, const GameRecord& record, const Game& game, const std::string& headline,
                 const std::vector<RatingChange>& rating_changes = {}, const std::string& subject = "",
                 std::optional<std::int64_t> only_user = std::nullopt);

}  // namespace pbem::server
