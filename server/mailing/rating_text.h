// How ratings read in mail: whole numbers, as players see them on other servers.
#pragma once

#include <cstddef>
#include <string>

#include "server/ratings/glicko2.h"

namespace pbem::server {

// A rating is provisional (shown with `?`) while its deviation is above this.
constexpr double kProvisionalDeviation = 110;

// "alice 1500 -> 1662 (+162)": the change is the difference of the rounded ratings, so
// the line adds up as printed.
std::string rating_change_text(const std::string& userid, const Rating& before, const Rating& after);

// "alice  1662 ±580  3 games  2-1", "bob    1338? ±290  1 game  0-1": the userid padded
// to `userid_width`, the rating with `?` while provisional, the deviation, games, won-lost.
std::string standings_text(const std::string& userid, std::size_t userid_width, const Rating& rating, int games,
                           int wins, int losses);

}  // namespace pbem::server
