#include "server/mailing/rating_text.h"

#include <cmath>

#include "server/catalogue/catalogue.h"

namespace pbem::server {

std::string rating_change_text(const std::string& userid, const Rating& before, const Rating& after) {
  const long from = std::lround(before.rating);
  const long to = std::lround(after.rating);
  const long change = to - from;
  return userid + " " + std::to_string(from) + " -> " + std::to_string(to) + " (" + (change >= 0 ? "+" : "") +
         std::to_string(change) + ")";
}

std::string standings_text(const std::string& userid, std::size_t userid_width, const Rating& rating, int games,
                           int wins, int losses) {
  std::string line = userid;
  if (line.size() < userid_width) line.append(userid_width - line.size(), ' ');
  line += "  " + std::to_string(std::lround(rating.rating));
  line += rating.deviation > kProvisionalDeviation ? "? " : " ";
  line += "\u00b1" + std::to_string(std::lround(rating.deviation));
  line += "  " + text(games == 1 ? Msg::OneGame : Msg::SeveralGames, {{"n", games}});
  line += "  " + std::to_string(wins) + "-" + std::to_string(losses);
  return line;
}

}  // namespace pbem::server
