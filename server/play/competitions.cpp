#include "server/play/competitions.h"

namespace pbem::server {

void Competitions::add(std::unique_ptr<CompetitionKind> kind) { kinds_.push_back(std::move(kind)); }

std::optional<Competitions::Found> Competitions::of_game(Database& db, std::int64_t game_id) const {
  for (const auto& kind : kinds_)
    if (auto of = kind->of_game(db, game_id)) return Found{*kind, std::move(*of)};
  return std::nullopt;
}

}  // namespace pbem::server
