// The caps on games at once (spec "Limits"), as typed refusals: limits.active_games_per_user
// for everyone but the computer, and bot.games_per_user for a human against the computer.
// Every start of a game between two players checks them (play/invitation_act.h), and so does
// a tournament's or a league's join (context/command_context.h's check_game_limits); the
// words are replies/check_replies.h's.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "server/play/unit_of_work.h"
#include "server/storage/accounts.h"

namespace pbem::server {

namespace limit_refusal {
struct ActiveGames { std::string player; int most; };
// `games` against the computer (`held` of them in tournaments not started), `more` asked for.
struct ComputerGames { std::string player; int games, held, more, most; };
}  // namespace limit_refusal
using GameLimitRefusal = std::variant<limit_refusal::ActiveGames, limit_refusal::ComputerGames>;

// Why a new game between `first` and `second` would pass a cap, if it would.
std::optional<GameLimitRefusal> game_limits_refusal(const UnitOfWork& work, const Account& first, const Account& second);
// Why `more` games of the human `player` against the computer would pass bot.games_per_user:
// those under way, and the places tournaments with both in them hold for games still to
// start (Tournaments::held_against_computer).
std::optional<GameLimitRefusal> computer_games_refusal(const UnitOfWork& work, const Account& player, int more = 1);

}  // namespace pbem::server
