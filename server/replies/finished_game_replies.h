// The words of the commands on a finished game: `review` (handlers/review_command.cpp: why a
// review was not queued, its place in the queue; the review itself is review_mail.h's) and
// `fork` (handlers/fork_command.cpp: its refusals, the new game's headline).
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "server/mailing/reply_format.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace review_refusal {
struct Running { std::int64_t game; };
struct Empty { std::int64_t game; };  // no ply played
struct Unconfirmed { std::string userid; };
struct Waiting { std::int64_t game, place; };  // asked for already
struct PerDay { std::string userid; int most; };
struct QueueFull { std::int64_t waiting; };
}  // namespace review_refusal
using ReviewRefusal = std::variant<review_refusal::Running, review_refusal::Empty, review_refusal::Unconfirmed,
                                   review_refusal::Waiting, review_refusal::PerDay, review_refusal::QueueFull>;
// Why `review` was refused.
std::string refusal_text(const ReviewRefusal& why);

// The review of `game` is queued at `place`.
ReplyWords review_queued(const GameRecord& game, std::int64_t place);

namespace fork_refusal {
struct Running { std::int64_t game; };
struct NoSuchPly { std::int64_t game; int plies; };
struct Over { std::int64_t game; int ply; };  // nothing left to play after that ply
struct Yourself {};
}  // namespace fork_refusal
using ForkRefusal =
    std::variant<fork_refusal::Running, fork_refusal::NoSuchPly, fork_refusal::Over, fork_refusal::Yourself>;
// Why `fork` was refused.
std::string refusal_text(const ForkRefusal& why);

// The headline of the game `player` forked from `source` at `ply`, `first` against `second`.
std::string fork_headline(const std::string& player, const GameRecord& source, int ply, const std::string& first,
                          const std::string& second);

}  // namespace pbem::server
