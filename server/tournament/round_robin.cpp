// The round robin's one round: every pair once (twice with -double), all at once.
#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament::detail {

std::optional<Round> round_robin_round(const Settings& settings, const std::vector<Entrant>& entrants,
                                       const std::vector<PlayedGame>& games) {
  // All games start in round 1, so once any is stored the round robin has had its round.
  if (!games.empty() || entrants.size() < 2) return std::nullopt;
  Round round;
  round.number = 1;
  // Entrant i meets entrant j > i moving first when i + j is odd. Every player then moves
  // first against the later entrants of the other parity and the earlier ones of their own,
  // which splits their n - 1 games evenly (one more of one colour when n - 1 is odd).
  for (std::size_t i = 0; i < entrants.size(); ++i) {
    for (std::size_t j = i + 1; j < entrants.size(); ++j) {
      const bool i_first = (i + j) % 2 == 1;
      const std::int64_t a = entrants[i].user_id, b = entrants[j].user_id;
      round.games.push_back(i_first ? Pairing{a, b} : Pairing{b, a});
    }
  }
  if (settings.double_round) {
    // The second leg after the whole first one, colours exchanged.
    const std::size_t legs = round.games.size();
    for (std::size_t k = 0; k < legs; ++k) {
      round.games.push_back(Pairing{round.games[k].second, round.games[k].first});
    }
  }
  return round;
}

}  // namespace pbem::server::tournament::detail
