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
#include "pictures/review_chart.h"

namespace {

using pbem::pictures::Rgb;
using pbem::pictures::draw_review_chart;
namespace palette = pbem::pictures::palette;

// The PNG read back with cairo: its size and its pixels (cairo RGB24, 0x00RRGGBB).
struct Decoded {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;

  // Pixels within 2 of `colour` in every channel, in the columns from x_min to x_max.
  int count_near(Rgb colour, int x_min = 0, int x_max = 1 << 20) const {
    const auto channel = [](double v) { return static_cast<int>(std::lround(v * 255)); };
    int count = 0;
    for (std::size_t i = 0; i < pixels.size(); ++i) {
      const int x = static_cast<int>(i % static_cast<std::size_t>(width));
      if (x < x_min || x > x_max) continue;
      const std::uint32_t p = pixels[i];
      if (std::abs(static_cast<int>((p >> 16) & 0xff) - channel(colour.r)) <= 2 &&
          std::abs(static_cast<int>((p >> 8) & 0xff) - channel(colour.g)) <= 2 &&
          std::abs(static_cast<int>(p & 0xff) - channel(colour.b)) <= 2)
        ++count;
    }
    return count;
  }
};

Decoded decode(const std::string& png) {
  struct Reader {
    const std::string* bytes;
    std::size_t at = 0;
  } reader{&png};
  auto read = [](void* closure, unsigned char* data, unsigned int length) {
    auto* r = static_cast<Reader*>(closure);
    if (r->at + length > r->bytes->size()) return CAIRO_STATUS_READ_ERROR;
    std::copy_n(r->bytes->data() + r->at, length, data);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(read, &reader);
  Decoded decoded;
  if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
    decoded.width = cairo_image_surface_get_width(surface);
    decoded.height = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    for (int y = 0; y < decoded.height; ++y)
      for (int x = 0; x < decoded.width; ++x)
        decoded.pixels.push_back(reinterpret_cast<const std::uint32_t*>(data + y * stride)[x] & 0xffffff);
  }
  cairo_surface_destroy(surface);
  return decoded;
}

// A game of `plies` plies whose chance swings from one side to the other.
std::vector<double> swinging(int plies) {
  std::vector<double> chances;
  for (int i = 0; i < plies; ++i) chances.push_back(0.5 + 0.45 * std::sin(i * 0.37));
  return chances;
}

// A size and a signature, whatever is drawn.
Decoded check_png(const std::string& png) {
  CHECK(png.substr(0, 8) == "\x89PNG\r\n\x1a\n");
  const Decoded decoded = decode(png);
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
    const Decoded decoded = check_png(draw_review_chart(swinging(plies), {}));
    CHECK(decoded.count_near(palette::label) > 50);  // the axis labels
    CHECK(decoded.count_near(palette::winning) == 0);
  }
}

TEST_CASE("review chart: orange dots exactly where turning points are", "[review-chart]") {
  const std::vector<double> chances = swinging(60);
  CHECK(decode(draw_review_chart(chances, {})).count_near(palette::winning) == 0);

  const Decoded one = check_png(draw_review_chart(chances, {20}));
  const int dot = one.count_near(palette::winning);
  CHECK(dot > 20);
  // The dot sits at ply 20 of 60: a third of the way along the plot, not at its ends.
  CHECK(one.count_near(palette::winning, 0, 100) == 0);
  CHECK(one.count_near(palette::winning, 500, 600) == 0);

  const Decoded three = check_png(draw_review_chart(chances, {3, 30, 57}));
  CHECK(three.count_near(palette::winning) > 2 * dot);
  CHECK(three.count_near(palette::winning, 0, 100) > 0);
  CHECK(three.count_near(palette::winning, 500, 600) > 0);

  // A number outside the game's plies marks nothing.
  CHECK(decode(draw_review_chart(chances, {0, 61, -3})).count_near(palette::winning) == 0);
}

TEST_CASE("review chart: the shortest games and the longest draw", "[review-chart]") {
  CHECK(check_png(draw_review_chart({}, {})).count_near(palette::winning) == 0);
  CHECK(check_png(draw_review_chart({}, {1})).count_near(palette::winning) == 0);
  CHECK(check_png(draw_review_chart({1.0}, {1})).count_near(palette::winning) > 20);
  CHECK(check_png(draw_review_chart({0.0}, {})).count_near(palette::winning) == 0);
  // Chances out of range are drawn at the edge of the plot, not outside the image.
  check_png(draw_review_chart({-0.5, 1.5, 0.5}, {1, 2}));
  const Decoded longest = check_png(draw_review_chart(swinging(400), {1, 200, 400}));
  CHECK(longest.count_near(palette::winning) > 0);
  // The same chart gives the same bytes.
  CHECK(draw_review_chart(swinging(400), {1, 200, 400}) == draw_review_chart(swinging(400), {1, 200, 400}));
}
