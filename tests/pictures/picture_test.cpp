// Board pictures: fixed bytes for fixed positions (golden digests), a bounded size, and the
// marking colours where the last move and the winning group or path are.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "pictures/canvas.h"
#include "decoded_png.h"
#include "pictures/picture.h"
#include "pictures/png_encoder.h"

namespace {

using pbem::Game;
using pbem::pictures::Rgb;

// FNV-1a 64: a stable digest of the PNG bytes (std::hash is not stable across builds).
std::string digest(const std::string& bytes) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

std::unique_ptr<Game> played(const std::string& name, std::vector<std::string> options,
                             const std::vector<std::string>& plies) {
  auto game = pbem::create_game(name, options);
  for (const auto& ply : plies) REQUIRE(game->play(ply).ok);
  return game;
}

// Plays until the game ends, choosing legal plies by a fixed rule (no random source), so
// the final position is the same on every run.
std::unique_ptr<Game> played_out(const std::string& name, std::vector<std::string> options) {
  auto game = pbem::create_game(name, options);
  for (std::size_t i = 0; !game->over(); ++i) {
    std::vector<std::string> legal = game->legal_plies();
    if (!legal.empty() && legal.back() == "swap") legal.pop_back();
    REQUIRE(game->play(legal[(i * 7919 + 13) % legal.size()]).ok);
  }
  return game;
}

using pbem::test::DecodedPng;
using pbem::test::decode_png;

constexpr std::size_t kMaxPngBytes = 40 * 1024;

}  // namespace

TEST_CASE("every registered game has a picture, a PNG at most 640 pixels wide and under 40 KB") {
  for (const auto& type : pbem::game_types()) {
    auto game = pbem::create_game(type.name, {});
    const std::string png = pbem::pictures::draw_picture(*game);
    INFO(type.name);
    CHECK(png.substr(0, 8) == "\x89PNG\r\n\x1a\n");
    const DecodedPng decoded = decode_png(png);
    CHECK(decoded.width > 100);
    CHECK(decoded.width <= 640);
    CHECK(png.size() < kMaxPngBytes);
    // No move yet: neither marking colour appears.
    CHECK(decoded.count_near(pbem::pictures::palette::last_move) == 0);
    CHECK(decoded.count_near(pbem::pictures::palette::winning) == 0);
  }
}

TEST_CASE("a finished game at every default board: under 40 KB, last move and winning cells marked") {
  struct Case {
    std::string game;
    std::vector<std::string> options;
  };
  const std::vector<Case> cases{{"hy3", {}}, {"gaia", {}}, {"gates", {"-cross"}}, {"gates", {"-y"}},
                                {"gates", {"-hex"}}};
  for (const Case& c : cases) {
    auto game = played_out(c.game, c.options);
    INFO(c.game << " " << (c.options.empty() ? "" : c.options[0]) << ": " << game->end_reason());
    const std::string png = pbem::pictures::draw_picture(*game);
    CHECK(png.size() < kMaxPngBytes);
    const DecodedPng decoded = decode_png(png);
    CHECK(decoded.count_near(pbem::pictures::palette::last_move) > 20);
    if (!game->winning_cells().empty()) CHECK(decoded.count_near(pbem::pictures::palette::winning) > 50);
    else CHECK(decoded.count_near(pbem::pictures::palette::winning) == 0);
  }
}

TEST_CASE("the last move is marked, and only winning cells are orange") {
  auto game = played("hy3", {"-size=4"}, {"d4", "c3"});
  const DecodedPng decoded = decode_png(pbem::pictures::draw_picture(*game));
  CHECK(decoded.count_near(pbem::pictures::palette::last_move) > 20);
  CHECK(decoded.count_near(pbem::pictures::palette::winning) == 0);
}

TEST_CASE("a picture's bytes depend on the position alone") {
  auto a = played("gates", {"-y", "-size=5"}, {"a:a1", "b:b2", "c:c1"});
  auto b = played("gates", {"-y", "-size=5"}, {"a:a1", "b:b2", "c:c1"});
  CHECK(pbem::pictures::draw_picture(*a) == pbem::pictures::draw_picture(*b));
  auto c = played("gates", {"-y", "-size=5"}, {"a:a1", "b:b2", "a:c1"});
  CHECK(pbem::pictures::draw_picture(*a) != pbem::pictures::draw_picture(*c));
}

// Golden digests: a change to any drawing shows here. After a deliberate change, look at
// the new pictures (`pbem render ... --png`) and update the digests. They depend on the
// cairo and pixman versions too (Debian 12: cairo 1.16); a new distribution may need new ones.
// (When png_encoder.cpp replaced cairo's PNG writer, the new bytes were checked to decode to
// exactly the pixels of the old golden pictures before these digests were updated.)
TEST_CASE("golden digests of fixed positions, one per board") {
  struct Golden {
    std::string game;
    std::vector<std::string> options, plies;
    std::string digest;
  };
  const std::vector<Golden> goldens{
      {"hy3", {}, {"d4", "c3", "e4", "b2"}, "730c20e897e87e00"},
      {"hy3", {"-size=3"}, {}, "ae25d7f23ef24c25"},
      {"gaia", {}, {"a1", "f1", "c5"}, "7a941198af67e506"},
      {"gaia", {"-size=2"}, {"a1"}, "e24538dec3975a2a"},
      {"gates", {"-cross"}, {"a:d4", "b:e4", "c:e5"}, "4b5b5a70757e226a"},
      {"gates", {"-y", "-size=4"}, {"a:a1", "b:b2", "c:b1"}, "c91add95b93288eb"},
      {"gates", {"-hex", "-size=4"}, {"a:b2", "b:c2"}, "bf59b73846a7b9e4"},
  };
  for (const Golden& g : goldens) {
    auto game = played(g.game, g.options, g.plies);
    INFO(g.game << " " << (g.options.empty() ? "" : g.options[0]));
    CHECK(digest(pbem::pictures::draw_picture(*game)) == g.digest);
  }
}

TEST_CASE("the smallest and largest board of every kind draw, at most 640 pixels wide") {
  struct Range {
    std::string game, kind;
    int min, max;
  };
  const std::vector<Range> ranges{{"hy3", "", 3, 13}, {"gaia", "", 2, 8}, {"gates", "-y", 2, 26},
                                  {"gates", "-hex", 2, 13}, {"gates", "-cross", 2, 13}};
  for (const Range& r : ranges) {
    for (int size : {r.min, r.max}) {
      std::vector<std::string> options{"-size=" + std::to_string(size)};
      if (!r.kind.empty()) options.push_back(r.kind);
      auto game = pbem::create_game(r.game, options);
      INFO(r.game << " " << r.kind << " size " << size);
      const DecodedPng decoded = decode_png(pbem::pictures::draw_picture(*game));
      CHECK(decoded.width > 50);
      CHECK(decoded.width <= 640);
    }
  }
}


// The PNG writer keeps every pixel: an image of few colours (written indexed) and one of
// more than 256 (written truecolour) decode to what was drawn.
TEST_CASE("encode_png keeps every pixel, indexed and truecolour") {
  for (const int colours : {3, 200, 256, 257, 4096}) {
    const int width = 97, height = 41;  // odd sizes: rows are not padded to the stride
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    const int stride = cairo_image_surface_get_stride(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    std::vector<std::uint32_t> drawn;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        const auto n = static_cast<std::uint32_t>((y * width + x) / 3 % colours);
        const std::uint32_t pixel = (n * 2654435761u) & 0xffffffu;  // spread over all channels
        reinterpret_cast<std::uint32_t*>(data + y * stride)[x] = pixel;
        drawn.push_back(pixel);
      }
    cairo_surface_mark_dirty(surface);
    const std::string png = pbem::pictures::encode_png(surface);
    cairo_surface_destroy(surface);
    INFO(colours << " colours");
    const DecodedPng decoded = decode_png(png);
    CHECK(decoded.width == width);
    CHECK(decoded.height == height);
    CHECK(decoded.pixels == drawn);
    // Colour type (byte 25 of the IHDR chunk): 3 indexed, 2 truecolour.
    REQUIRE(png.size() > 25);
    CHECK(static_cast<int>(png[25]) == (colours <= 256 ? 3 : 2));
  }
}

TEST_CASE("the picture's colours are named where they are not the game's own") {
  CHECK(pbem::pictures::colour_key(*played("gates", {}, {})).find("dark's paths are drawn blue") != std::string::npos);
  CHECK(pbem::pictures::colour_key(*played("hy3", {}, {})).empty());
  CHECK(pbem::pictures::colour_key(*played("gaia", {}, {})).empty());
}
