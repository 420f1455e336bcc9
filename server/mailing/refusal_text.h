// The words of the acts' refusals (play/ply_act.h, play/operator_verdict.h): why a ply was
// not played, said to the player who sent it, and why the operator's verdict was not given.
// The channel adds what only it knows (a reply that came from someone else's address, the
// command's usage). Every kind has its message in the catalogue (refusal_message).
#pragma once

#include <cstdint>
#include <string>

#include "engine/game.h"
#include "server/catalogue/catalogue.h"
#include "server/play/operator_verdict.h"
#include "server/play/ply_act.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The catalogue's message for a refusal of its kind (and, for a #moveno, its direction).
Msg refusal_message(const PlyRefusal& why);
Msg refusal_message(const VerdictRefusal& why);

// Why `why` refused a ply in `record`, whose position was `position`.
std::string refusal_text(const PlyRefusal& why, const GameRecord& record, const Game& position);
// "game 12 was aborted by bob before their own first move": any act on an aborted game.
std::string aborted_refusal(const GameRecord& record);
// Why the operator's verdict on game `game` was refused.
std::string refusal_text(const VerdictRefusal& why, std::int64_t game);

}  // namespace pbem::server
