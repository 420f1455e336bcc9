// The words of a game's record (server.md "Game records"): the move record that `history`
// answers with and that is the text of a record's mail, and that mail's Subject; the answer
// to `all records` (handlers/record_commands.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/storage/game_record.h"

#include "server/mailing/reply_format.h"

namespace pbem::server {

// Every ply with its player, colour and time, what undo took back, and the result: the
// text of `<game> history` and of `<game> record`. `game` is the game replayed.
std::string move_record_text(const GameRecord& record, const Game& game, const std::vector<StoredMove>& moves,
                             const std::vector<TakenBack>& taken_back);
// "HY 3 #12: record".
std::string record_subject(const GameRecord& record);

// `all records userid ...` named `word`, which is no game type.
std::string all_records_refusal(const std::string& word);
// `all records` for `userid`: `sent` of `all` records, the rest from `next_since` on
// (`game`: the game type asked for, or "").
ReplyWords all_records_reply(const std::string& userid, std::size_t sent, std::size_t all, const std::string& game,
                             const std::string& next_since);

}  // namespace pbem::server
