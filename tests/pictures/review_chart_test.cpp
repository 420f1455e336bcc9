// The review chart (pictures/review_chart): a PNG of its fixed size for any length of game,
// labels in the label colour, and orange exactly where turning points are marked.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "pictures/canvas.h"
#include "decoded_png.h"
#include "pictures/review_chart.h"

namespace {

using pbem::pictures::Rgb;
using pbem::pictures::draw_review_chart;
namespace palette = pbem::pictures::palette;

using pbem::test::DecodedPng;
using pbem::test::decode_png;

// A game of `plies` plies whose chance swings from one side to the other.
std::vector<double> swinging(int plies) {
  std::vector<double> chances;
  for (int i = 0; i < plies; ++i) chances.push_back(0.5 + 0.45 * std::sin(i * 0.37));
  return chances;
}

// A size and a signature, whatever is drawn.
DecodedPng check_png(const std::string& png) {
  CHECK(png.substr(0, 8) == "\x89PNG\r\n\x1a\n");
  const DecodedPng decoded = decode_png(png);
  CHECK(decoded.width == pbem::pictures::kReviewChartWidth);
  CHECK(decoded.height == pbem::pictures::kReviewChartHeight);
  CHECK(decoded.width == 600);
  CHECK(decoded.height == 240);
  return decoded;
}

}  // namespace

TEST_CASE("review chart: a PNG of 600 x 240 with its labels, for 0 to 400 plies", "[review-chart]") {
  for (int plies : {0, 1, 2, 7, 60, 137, 400}) {
    INFO(plies << " plies");
    const DecodedPng decoded = check_png(draw_review_chart(swinging(plies), {}));
    CHECK(decoded.count_near(palette::label) > 50);  // the axis labels
    CHECK(decoded.count_near(palette::winning) == 0);
  }
}

TEST_CASE("review chart: orange dots exactly where turning points are", "[review-chart]") {
  const std::vector<double> chances = swinging(60);
  CHECK(decode_png(draw_review_chart(chances, {})).count_near(palette::winning) == 0);

  const DecodedPng one = check_png(draw_review_chart(chances, {20}));
  const int dot = one.count_near(palette::winning);
  CHECK(dot > 20);
  // The dot sits at ply 20 of 60: a third of the way along the plot, not at its ends.
  CHECK(one.count_near(palette::winning, 0, 100) == 0);
  CHECK(one.count_near(palette::winning, 500, 600) == 0);

  const DecodedPng three = check_png(draw_review_chart(chances, {3, 30, 57}));
  CHECK(three.count_near(palette::winning) > 2 * dot);
  CHECK(three.count_near(palette::winning, 0, 100) > 0);
  CHECK(three.count_near(palette::winning, 500, 600) > 0);

  // A number outside the game's plies marks nothing.
  CHECK(decode_png(draw_review_chart(chances, {0, 61, -3})).count_near(palette::winning) == 0);
}

TEST_CASE("review chart: the shortest games and the longest draw", "[review-chart]") {
  CHECK(check_png(draw_review_chart({}, {})).count_near(palette::winning) == 0);
  CHECK(check_png(draw_review_chart({}, {1})).count_near(palette::winning) == 0);
  CHECK(check_png(draw_review_chart({1.0}, {1})).count_near(palette::winning) > 20);
  CHECK(check_png(draw_review_chart({0.0}, {})).count_near(palette::winning) == 0);
  // Chances out of range are drawn at the edge of the plot, not outside the image.
  check_png(draw_review_chart({-0.5, 1.5, 0.5}, {1, 2}));
  const DecodedPng longest = check_png(draw_review_chart(swinging(400), {1, 200, 400}));
  CHECK(longest.count_near(palette::winning) > 0);
  // The same chart gives the same bytes.
  CHECK(draw_review_chart(swinging(400), {1, 200, 400}) == draw_review_chart(swinging(400), {1, 200, 400}));
}
