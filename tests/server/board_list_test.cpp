// `set userid password board list|both` (issue 56): the board as a list a screen reader
// reads well, checked against the position for each game: whose move, each colour's stones
// (Gates: the tiles with their rotations) by cell in row order, the last move, the empty cells.
#include <catch2/catch.hpp>

#include <string>

#include "engine/registry.h"
#include "server/mailing/board_list.h"

using namespace pbem::server;

namespace {

GameRecord record_of(const std::string& type, std::int64_t id) {
  GameRecord record;
  record.id = id;
  record.type = type;
  record.players = {1, 2};
  record.userids = {"alice", "bob"};
  return record;
}

std::unique_ptr<pbem::Game> played(const std::string& type, const std::vector<std::string>& options,
                                   const std::vector<std::string>& plies) {
  auto game = pbem::create_game(type, options);
  for (const std::string& ply : plies) REQUIRE(game->play(ply).ok);
  return game;
}

}  // namespace

TEST_CASE("HY 3 as a list: stones by cell in row order, the last move, the empty cells", "[board-list]") {
  // d10 after d9 (row order is by number, not by spelling); 19 cells on the size-3 board.
  const auto game = played("hy3", {"-size=3"}, {"c5", "a1", "c1", "e3"});
  CHECK(board_list(record_of("hy3", 7), *game) ==
        "HY 3 #7 as a list, after 4 moves.\n"
        "To move: alice, red, move 5.\n"
        "red, alice, 2 stones: c1, c5.\n"
        "blue, bob, 2 stones: a1, e3.\n"
        "Last move: e3, move 4.\n"
        "Empty cells: 15.\n");
  const auto big = played("hy3", {"-size=6"}, {"f10", "f9"});
  CHECK(board_list(record_of("hy3", 8), *big).find("red, alice, 1 stone: f10.\nblue, bob, 1 stone: f9.\n") !=
        std::string::npos);
}

TEST_CASE("Gaia as a list: an edge stone fills its partner, the empty board says none", "[board-list]") {
  const auto empty = played("gaia", {}, {});
  CHECK(board_list(record_of("gaia", 3), *empty) ==
        "Gaia #3 as a list, after 0 moves.\n"
        "To move: alice, black, move 1.\n"
        "black, alice, 0 stones: none.\n"
        "white, bob, 0 stones: none.\n"
        "No move yet.\n"
        "Empty cells: 73.\n");
  const auto game = played("gaia", {}, {"a1", "b1"});
  const std::string list = board_list(record_of("gaia", 3), *game);
  CHECK(list.find("black, alice, 1 stone: a1.\nwhite, bob, 1 stone: b1.\n") != std::string::npos);
  CHECK(list.find("Empty cells: 71.\n") != std::string::npos);
}

TEST_CASE("Gates as a list: the tiles with their rotations by cell", "[board-list]") {
  const auto game = played("gates", {"-y", "-size=4"}, {"a:b2", "c:a1"});
  const std::string list = board_list(record_of("gates", 5), *game);
  CHECK(list.find("2 tiles: a1 tile c, b2 tile a.\n") != std::string::npos);
  CHECK(list.find("Last move: c:a1, move 2.\n") != std::string::npos);
  CHECK(list.find("Empty cells: 8.\n") != std::string::npos);  // 10 cells on a size-4 Y board
}

TEST_CASE("a finished game's list names the winner; board text keeps the drawing", "[board-list]") {
  const auto game = played("hy3", {"-size=3"}, {"c1", "resign"});
  CHECK(board_list(record_of("hy3", 9), *game).find("The game is over: alice, red, won.\n") != std::string::npos);
  const std::string mail = "Headline.\n\nDRAWN\nlines\n\nWaiting.\n";
  CHECK(board_as_set(mail, "DRAWN\nlines\n", "LIST\n", "text") == mail);
  CHECK(board_as_set(mail, "DRAWN\nlines\n", "LIST\n", "list") == "Headline.\n\nLIST\n\nWaiting.\n");
  CHECK(board_as_set(mail, "DRAWN\nlines\n", "LIST\n", "both") == "Headline.\n\nDRAWN\nlines\n\nLIST\n\nWaiting.\n");
}
