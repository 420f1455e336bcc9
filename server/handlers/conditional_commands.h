// Conditional moves (docs/commands.md "Conditional moves"): `<game> conditional` stores,
// lists and clears a player's lines (handlers.h), and the end of every ply
// (end_of_ply.cpp) takes the answer the player now to move has stored for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/game.h"
#include "server/handlers/command_context.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// A ply the server played from a player's conditional moves.
struct ConditionalAnswer {
  std::int64_t owner_id = 0;
  std::string owner;        // the userid whose line it was
  std::string to_ply;       // the opponent's ply it answers, canonical
  std::string answer;       // the ply played, canonical
  std::size_t lines_left = 0;  // the owner's lines after it
};

// The opponent has just played the last ply of `position`: if the player now to move has
// a branch starting with it, returns its answer (not yet played) and keeps that branch's
// subtree as their lines; otherwise deletes their lines. Inside the ply's transaction.
std::optional<ConditionalAnswer> take_conditional_answer(CommandContext& ctx, const GameRecord& record,
                                                        const Game& position);

}  // namespace pbem::server
