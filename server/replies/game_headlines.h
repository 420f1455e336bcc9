// The words the game commands (handlers/game_commands.cpp) give the board mail both players
// and the watchers get (mailing/game_mail.h): what a challenge, a ply, a swap or a
// resignation did, and the note to each player of a game started without their word.
#pragma once

#include <cstdint>
#include <string>

#include "engine/game.h"

namespace pbem::server {

// "New game: HY 3 #{N}, alice (red) against bob (blue).": `game` is the new game of `type`.
std::string new_game_headline(const std::string& type, const Game& game, const std::string& first,
                              const std::string& second);
// To `player` of game `game` (of `type`), started on the authority of a From header alone:
// how to end it alone until their first move.
std::string unwanted_game_note(const std::string& type, std::int64_t game, const std::string& player);

// `player` (of `colour`) played `ply` as move `number` of `game`.
std::string ply_headline(const std::string& player, const Game& game, int colour, const std::string& ply, int number);
// `player` swapped: they now play the first colour, `other` the second.
std::string swap_headline(const std::string& player, const Game& game, const std::string& other);
// `player` (of `colour`) resigned; `cancelled` says which proposal that cancels ("": none).
std::string resigned_headline(const std::string& player, const Game& game, int colour, const std::string& cancelled);
// "alice played d4 as move 5, and": `player`'s ply, which the computer's headline follows.
std::string ply_answered_lead(const std::string& player, const Game& game, const std::string& ply, int number);

}  // namespace pbem::server
