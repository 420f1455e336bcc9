// The words of the acts' refusals (play/ply_act.h): why a ply was not played, said to the
// player who sent it. The channel adds what only it knows (a reply that came from someone
// else's address, the command's usage).
#pragma once

#include <string>

#include "engine/game.h"
#include "server/play/ply_act.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// Why `why` refused a ply in `record`, whose position was `position`.
std::string refusal_text(const PlyRefusal& why, const GameRecord& record, const Game& position);
// "game 12 was aborted by bob before their own first move": any act on an aborted game.
std::string aborted_refusal(const GameRecord& record);

}  // namespace pbem::server
