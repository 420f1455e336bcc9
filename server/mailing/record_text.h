// The words of a game's record (server.md "Game records"): the move record that `history`
// answers with and that is the text of a record's mail, and that mail's Subject.
#pragma once

#include <string>
#include <vector>

#include "engine/game.h"
#include "server/storage/game_record.h"

namespace pbem::server {

// Every ply with its player, colour and time, what undo took back, and the result: the
// text of `<game> history` and of `<game> record`. `game` is the game replayed.
std::string move_record_text(const GameRecord& record, const Game& game, const std::vector<StoredMove>& moves,
                             const std::vector<TakenBack>& taken_back);
// "HY 3 #12: record".
std::string record_subject(const GameRecord& record);

}  // namespace pbem::server
