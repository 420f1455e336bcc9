// The words of conditional moves (handlers/conditional_commands.cpp: `conditional`, and a
// conditional line in a `multiple` mail): a line refused, the lines shown, cleared, stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/play/conditional_tree.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace conditional_refusal {
struct OddPlies { std::size_t count; };
struct TooLong { std::size_t most, count; };
// `ply` is the refused ply's number in the line, from 1: the odd ones are the opponent's.
struct Resign { std::size_t ply; };
struct AfterEnd { std::size_t ply; };
struct Illegal { std::size_t ply; std::string why; };  // why: the game's own reason
struct GameOver { std::int64_t game; };
struct OnYourMove { std::int64_t game; };
}  // namespace conditional_refusal
using ConditionalRefusal =
    std::variant<conditional_refusal::OddPlies, conditional_refusal::TooLong, conditional_refusal::Resign,
                 conditional_refusal::AfterEnd, conditional_refusal::Illegal, conditional_refusal::GameOver,
                 conditional_refusal::OnYourMove, TooManyConditionalLines>;
// Why a conditional line (or the command) was refused.
std::string refusal_text(const ConditionalRefusal& why);

// The owner's conditional moves in game `record`, answering `opponent`: shown (none when
// `lines` is empty), or stored now.
ReplyWords conditional_moves_shown(const GameRecord& record, const std::string& opponent,
                                   const std::vector<ConditionalLine>& lines);
ReplyWords conditional_moves_stored(const GameRecord& record, const std::string& opponent,
                                    const std::vector<ConditionalLine>& lines);
// `clear`: the `cleared` lines the owner held in game `record` are deleted.
ReplyWords conditional_moves_cleared(const GameRecord& record, std::size_t cleared);

}  // namespace pbem::server
