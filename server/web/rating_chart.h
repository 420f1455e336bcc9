// A player's rating history drawn as a small inline SVG line chart (the web window's player
// page): one point per rated game, the rating after it, with the lowest and highest
// rating written on the axis. Written through Html, so nothing in it is unescaped.
#pragma once

#include <string_view>
#include <vector>

#include "server/storage/ratings.h"
#include "server/web/html.h"

namespace pbem::server::web {

void rating_chart(Html& html, std::string_view title, const std::vector<RatingPoint>& points);

}  // namespace pbem::server::web
