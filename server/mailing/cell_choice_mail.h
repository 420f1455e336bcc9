// "Two taps to move" in a tile game (Gates): a Gates board mail links each cell once, and a
// reply that names a bare cell plays nothing. This is its answer: the board after each
// legal ply at that cell, one after another, each with its picture (for a player who takes
// pictures) and its one link playing it, and in the text part the plies to reply with.
#pragma once

#include <string>

#include "server/play/outcome.h"
#include "server/play/ply_act.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The choice `choice` of `player` in `record`, as a mail whose replies and links go to
// `game_address` (the player's game address): its Subject, text, marked boards, pictures,
// links and Reply-To; the caller addresses it.
Reply cell_choice_mail(const GameRecord& record, const CellChoice& choice, const Account& player,
                       const std::string& game_address);

}  // namespace pbem::server
