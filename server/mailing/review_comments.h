// The words inside the computer's review as a file (records/review_files.h): the SGF's game
// name and comments, worded here like every text a player reads.
#pragma once

#include <cstdint>
#include <string>

namespace pbem::server {

// "62%": a chance as the review writes it, to the whole percent.
std::string chance_percent(double chance);
// "HY 3 #12, the computer's review": the review's GN.
std::string review_game_name(const std::string& title, std::int64_t game);
// "Reviewed with 2000 playouts a position.": the root's comment.
std::string review_playouts_comment(int playouts);
// "The first player's chance: 62%.": each move's comment.
std::string review_chance_comment(double first_win);
// The comment of a turning point's variation: `player`'s chance with the computer's ply
// (`best`) and with the one played (`played`, ply `ply`).
std::string review_choice_comment(const std::string& player, double best, double played, const std::string& ply);

}  // namespace pbem::server
