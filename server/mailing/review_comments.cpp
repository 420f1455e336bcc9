#include "server/mailing/review_comments.h"

#include <cstdio>

#include "server/catalogue/catalogue.h"

namespace pbem::server {

std::string chance_percent(double chance) {
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.0f%%", chance * 100.0);
  return percent;
}

std::string review_game_name(const std::string& title, std::int64_t game) {
  return text(Msg::ReviewSgfName, {{"title", title}, {"game", game}});
}

std::string review_playouts_comment(int playouts) { return text(Msg::ReviewSgfPlayouts, {{"playouts", playouts}}); }

std::string review_chance_comment(double first_win) {
  return text(Msg::ReviewSgfChance, {{"chance", chance_percent(first_win)}});
}

std::string review_choice_comment(const std::string& player, double best, double played, const std::string& ply) {
  return text(Msg::ReviewSgfChoice,
              {{"player", player}, {"best", chance_percent(best)}, {"played", chance_percent(played)}, {"ply", ply}});
}

}  // namespace pbem::server
