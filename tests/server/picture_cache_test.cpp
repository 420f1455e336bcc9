// The shared picture cache: a hit needs the very same position, and the least recently used
// picture leaves first.
#include <catch2/catch.hpp>

#include "engine/registry.h"
#include "pictures/picture.h"
#include "server/mailing/picture_cache.h"

using pbem::server::PictureCache;

namespace {
std::unique_ptr<pbem::Game> hy3(const std::vector<std::string>& plies) {
  auto game = pbem::create_game("hy3", {"-size=3"});
  for (const auto& ply : plies) REQUIRE(game->play(ply).ok);
  return game;
}
}  // namespace

TEST_CASE("a cached picture is the drawn picture of that very position") {
  PictureCache cache(4);
  const auto a = hy3({"a1", "b1"});
  CHECK(cache.picture(*a) == pbem::pictures::draw_picture(*a));
  CHECK(cache.misses() == 1);
  CHECK(cache.picture(*hy3({"a1", "b1"})) == pbem::pictures::draw_picture(*a));  // equal position: a hit
  CHECK(cache.hits() == 1);
  // The same cells in another order, or one ply more, are other pictures (last move mark).
  const auto b = hy3({"b1", "a1"});
  CHECK(PictureCache::key_of(*a) != PictureCache::key_of(*b));
  CHECK(cache.picture(*b) == pbem::pictures::draw_picture(*b));
  CHECK(cache.misses() == 2);
  // A resignation ends the game without a ply on the board: the result is in the key.
  auto resigned = hy3({"a1", "b1"});
  REQUIRE(resigned->resign(0).ok);
  CHECK(PictureCache::key_of(*resigned) != PictureCache::key_of(*a));
  // Another board size is another key.
  auto bigger = pbem::create_game("hy3", {"-size=4"});
  CHECK(PictureCache::key_of(*bigger) != PictureCache::key_of(*hy3({})));
}

TEST_CASE("the least recently used picture leaves a full cache") {
  PictureCache cache(2);
  const auto a = hy3({"a1"}), b = hy3({"b1"}), c = hy3({"c1"});
  cache.picture(*a);
  cache.picture(*b);
  cache.picture(*a);  // a is now the most recent: b leaves for c
  cache.picture(*c);
  const std::size_t misses = cache.misses();
  cache.picture(*a);
  CHECK(cache.misses() == misses);  // still there
  cache.picture(*b);
  CHECK(cache.misses() == misses + 1);  // drawn again
}
