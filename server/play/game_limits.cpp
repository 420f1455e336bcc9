#include "server/play/game_limits.h"

#include "server/storage/game_listings.h"
#include "server/storage/tournaments.h"

namespace pbem::server {

std::optional<GameLimitRefusal> game_limits_refusal(const UnitOfWork& work, const Account& first, const Account& second) {
  for (const Account* player : {&first, &second}) {
    if (player->computer) continue;
    const int active = work.config.limits.active_games_per_user;
    if (GameListings(work.db).count_active(player->id) >= active)
      return limit_refusal::ActiveGames{player->userid, active};
    if ((player == &first ? second : first).computer)
      if (auto refused = computer_games_refusal(work, *player)) return refused;
  }
  return std::nullopt;
}

std::optional<GameLimitRefusal> computer_games_refusal(const UnitOfWork& work, const Account& player, int more) {
  const int with_bot = work.config.bot.games_per_user;
  const int held = Tournaments(work.db).held_against_computer(player.id);
  const int games = GameListings(work.db).count_active_against_computer(player.id) + held;
  if (games + more <= with_bot) return std::nullopt;
  return limit_refusal::ComputerGames{player.userid, games, held, more, with_bot};
}

}  // namespace pbem::server
