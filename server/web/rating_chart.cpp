#include "server/web/rating_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pbem::server::web {

namespace {

constexpr double kWidth = 360, kHeight = 120;  // the viewBox; the chart scales to the page
constexpr double kLeft = 44, kRight = 8, kTop = 10, kBottom = 16;

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

}  // namespace

void rating_chart(Html& html, std::string_view title, const std::vector<RatingPoint>& points) {
  if (points.empty()) return;
  double low = points.front().rating, high = low;
  for (const RatingPoint& p : points) {
    low = std::min(low, p.rating);
    high = std::max(high, p.rating);
  }
  // At least 100 points of height, so one game does not look like a cliff.
  const double middle = (low + high) / 2;
  const double span = std::max(high - low, 100.0);
  const double bottom_value = middle - span / 2;
  const auto x_of = [&](std::size_t i) {
    const double width = kWidth - kLeft - kRight;
    return points.size() == 1 ? kLeft + width / 2 : kLeft + width * static_cast<double>(i) / static_cast<double>(points.size() - 1);
  };
  const auto y_of = [&](double rating) { return kTop + (kHeight - kTop - kBottom) * (1 - (rating - bottom_value) / span); };
  std::string line;
  for (std::size_t i = 0; i < points.size(); ++i)
    line += (i ? " " : "") + number(x_of(i)) + "," + number(y_of(points[i].rating));
  const std::string view_box = "0 0 " + number(kWidth) + " " + number(kHeight);
  const std::string label = std::string(title) + ": from " + std::to_string(std::lround(points.front().rating)) +
                            " to " + std::to_string(std::lround(points.back().rating)) + " over " +
                            std::to_string(points.size()) + (points.size() == 1 ? " game" : " games");
  html.open("svg", {{"class", "chart"}, {"viewBox", view_box}, {"width", std::to_string(std::lround(kWidth))},
                    {"height", std::to_string(std::lround(kHeight))},
                    {"role", "img"}, {"aria-label", label}, {"xmlns", "http://www.w3.org/2000/svg"}});
  html.element("title", label);
  html.empty("rect", {{"x", number(kLeft)}, {"y", number(kTop)}, {"width", number(kWidth - kLeft - kRight)},
                      {"height", number(kHeight - kTop - kBottom)}, {"fill", "#f3f0e6"}, {"stroke", "#d8d4c8"}});
  for (double value : {low, high}) {
    html.element("text", std::to_string(std::lround(value)),
                 {{"x", number(kLeft - 4)}, {"y", number(y_of(value) + 4)}, {"text-anchor", "end"}, {"font-size", "11"},
                  {"fill", "#333"}});
    if (low == high) break;
  }
  if (points.size() > 1)
    html.empty("polyline", {{"points", line}, {"fill", "none"}, {"stroke", "#0b57a4"}, {"stroke-width", "2"}});
  for (std::size_t i = 0; i < points.size(); ++i)
    html.empty("circle", {{"cx", number(x_of(i))}, {"cy", number(y_of(points[i].rating))}, {"r", "2.5"}, {"fill", "#0b57a4"}});
  html.element("text", std::to_string(points.size()) + (points.size() == 1 ? " rated game" : " rated games"),
               {{"x", number(kWidth - kRight)}, {"y", number(kHeight - 3)}, {"text-anchor", "end"}, {"font-size", "11"},
                {"fill", "#333"}});
  html.close("svg");
}

}  // namespace pbem::server::web
