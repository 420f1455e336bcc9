// The Gaia diagram: every cell findable, pentagons and pair letters shown, last move
// marked, mail-safe layout, status lines last.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/gaia.h"
#include "engine/registry.h"

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The board part of a rendering: the lines before the key ("X black, ...").
std::string board_part(const std::string& text) {
  auto key = text.find("X black, O white");
  REQUIRE(key != std::string::npos);
  return text.substr(0, key);
}

// Every blank-separated word of the board part, counted. Cell pictures are "*d10", "d18",
// "X", "(O)" and pair letters; a pentagon mark may be glued to the word before it.
std::map<std::string, int> words_of(const std::string& board) {
  std::map<std::string, int> words;
  std::string spaced;
  for (char c : board) {
    if (c == '*') spaced += " * ";
    else spaced += c;
  }
  std::istringstream in(spaced);
  for (std::string word; in >> word;) ++words[word];
  return words;
}

std::unique_ptr<pbem::Game> gaia(const std::vector<std::string>& options) {
  return pbem::create_game("gaia", options);
}

void check_mail_safe(const std::string& text, std::size_t width) {
  for (const auto& line : lines_of(text)) {
    INFO("line: [" << line << "]");
    CHECK(line.size() <= width);
    if (!line.empty()) CHECK(line.back() != ' ');
    for (char c : line) CHECK((c >= ' ' && c <= '~'));
  }
  CHECK(text.back() == '\n');
}

}  // namespace

TEST_CASE("the empty Gaia diagram shows every label once, six pentagons and each pair letter twice") {
  for (int n = pbem::GaiaBoard::min_size; n <= pbem::GaiaBoard::max_size; ++n) {
    INFO("size " << n);
    auto game = gaia({"-size=" + std::to_string(n)});
    const auto& board = dynamic_cast<const pbem::Gaia&>(*game).board();
    auto words = words_of(board_part(game->render({})));
    for (int c = 0; c < board.cell_count(); ++c) CHECK(words[board.label(c)] == 1);
    CHECK(words["*"] == 6);
    // Pair letters: 3n capitals, each twice (X and O are skipped: they are the stones).
    int letters = 0;
    for (char letter = 'A'; letter <= 'Z'; ++letter) {
      int count = words[std::string(1, letter)];
      if (letter == 'X' || letter == 'O') CHECK(count == 0);
      else if (count) {
        CHECK(count == 2);
        ++letters;
      }
    }
    CHECK(letters == 3 * n);
    std::size_t all_words = 0;
    for (const auto& [word, count] : words) all_words += static_cast<std::size_t>(count);
    CHECK(all_words == static_cast<std::size_t>(board.cell_count() + 6 + 2 * 3 * n));
  }
}

TEST_CASE("the default Gaia diagram fits in 78 columns and larger ones stay clean") {
  auto game = gaia({});
  check_mail_safe(game->render({{"alice", "bob"}}), 78);
  auto big = gaia({"-size=8"});
  check_mail_safe(big->render({{"alice", "bob"}}), 130);
}

TEST_CASE("the Gaia diagram puts pair letters beside the two cells of each pair") {
  auto game = gaia({});
  auto lines = lines_of(game->render({}));
  // Pair A is f1 and f10: A sits above f1 (first line) and below f10 (the last board line).
  REQUIRE(lines.size() > 12);
  auto a_top = lines[0].find('A');
  REQUIRE(a_top != std::string::npos);
  CHECK(lines[1].substr(a_top - 1, 2) == "f1");
  CHECK(lines[12].find("C   B   A") != std::string::npos);
  CHECK(lines[11].substr(lines[12].find('A') - 1, 3) == "f10");
  // Pair D is f4 (right end of a row) and f13 (left end of a row).
  CHECK(lines[3].ends_with("f4  D"));
  CHECK(lines[9].find("D f13") != std::string::npos);
  CHECK(game->render({}).find("A f1-f10, B f2-f11") != std::string::npos);
}

TEST_CASE("the Gaia diagram shows stones, marks the last move, and keeps the status lines last") {
  auto game = gaia({});
  REQUIRE(game->play("f10").ok);
  std::string text = game->render({{"alice", "bob"}});
  auto words = words_of(board_part(text));
  CHECK(words["(X)"] == 2);  // both stones of the edge placement
  CHECK(words.count("f1") == 0);
  CHECK(words.count("f10") == 0);
  CHECK(text.ends_with("Black (alice) moves first; White (bob) second.\nMove 1: f10.\n"
                       "White (bob) to move (may swap).\n"));

  REQUIRE(game->play("d4").ok);  // a pentagon
  words = words_of(board_part(game->render({})));
  CHECK(words["(O)"] == 1);
  CHECK(words["X"] == 2);
  CHECK(words["*"] == 6);  // the pentagon mark stays on an occupied pentagon
  CHECK(words.count("d4") == 0);
}

TEST_CASE("the Gaia diagram is deterministic and says how the game was won") {
  std::mt19937 random(7);
  auto game = gaia({"-size=4"});
  while (!game->over()) {
    auto legal = game->legal_plies();
    REQUIRE(game->play(legal[random() % legal.size()]).ok);
    auto copy = game->clone();
    CHECK(copy->render({{"a", "b"}}) == game->render({{"a", "b"}}));
  }
  std::string text = game->render({});
  bool explained = text.find("group joins two opposed edge cells (") != std::string::npos ||
                   text.find("group can join two opposed edge cells any more.\n") != std::string::npos;
  CHECK(explained);
  CHECK(text.ends_with("has won.\n"));
  check_mail_safe(text, 78);
}

TEST_CASE("the default Gaia diagram, byte for byte") {
  auto game = gaia({});
  for (const char* ply : {"a1", "f2", "d7", "c3"}) REQUIRE(game->play(ply).ok);
  const std::string expected =
      "                   A   B   C\n"
      "                  f1   O  f3\n"
      "      I f18     e1  e2  e3\n"
      "    H f17 e18*d1  d2  d3 *d4  e4  f4  D\n"
      "  G f16 e17 d18 c1  c2  (O) d5  e5  f5  E\n"
      "      e16 d17 c12 b1  b2  c4  d6  e6  f6  F\n"
      "       *d16 c11 b6   X  b3  c5 * X\n"
      "F f15 e15 d15 c10 b5  b4  c6  d8  e7\n"
      "  E f14 e14 d14 c9  c8  c7  d9  e8  f7  G\n"
      "    D f13 e13*d13 d12 d11*d10 e9  f8  H\n"
      "                e12 e11 e10     f9  I\n"
      "              f12  O  f10\n"
      "               C   B   A\n"
      "X black, O white, (X) last move, * pentagon (five neighbours).\n"
      "Opposed edge pairs carry the same letter: A f1-f10, B f2-f11, C f3-f12,\n"
      "D f4-f13, E f5-f14, F f6-f15, G f7-f16, H f8-f17, I f9-f18.\n"
      "Blank notches close up: cells on either side touch (e3-e4, f3-f4, f3-e4).\n"
      "Black (alice) moves first; White (bob) second.\n"
      "Move 4: c3.\n"
      "Black (alice) to move.\n";
  CHECK(game->render({{"alice", "bob"}}) == expected);
}
