// Folding long reply lines to mail's 78 columns without touching board drawings.
#include <catch2/catch.hpp>

#include <string>

#include "mail/text_wrap.h"

using pbem::mail::wrap_text;

namespace {
std::size_t widest(const std::string& text) {
  std::size_t widest = 0, column = 0;
  for (char c : text) {
    column = c == '\n' ? 0 : column + 1;
    widest = std::max(widest, column);
  }
  return widest;
}
}  // namespace

TEST_CASE("short lines and the line endings stay as they are") {
  CHECK(wrap_text("") == "");
  CHECK(wrap_text("one\n\ntwo") == "one\n\ntwo");
  CHECK(wrap_text("one\ntwo\n") == "one\ntwo\n");
  const std::string exactly(78, 'x');
  CHECK(wrap_text(exactly + "\n") == exactly + "\n");
}

TEST_CASE("prose folds at single blanks and keeps its indentation") {
  const std::string line =
      "To confirm a-rather-long-address@example.org for alice, send a mail (from any address) with the Subject";
  const std::string folded = wrap_text(line + "\n");
  CHECK(folded ==
        "To confirm a-rather-long-address@example.org for alice, send a mail (from any\n"
        "address) with the Subject\n");
  const std::string indented = wrap_text("    " + line);
  CHECK(indented ==
        "    To confirm a-rather-long-address@example.org for alice, send a mail (from\n"
        "    any address) with the Subject");
  // Words are never split and nothing is lost.
  std::string words;
  for (int i = 0; i < 40; ++i) words += "word" + std::to_string(i) + " ";
  words.pop_back();
  const std::string wrapped = wrap_text(words);
  CHECK(widest(wrapped) <= 78);
  std::string joined = wrapped;
  for (char& c : joined) c = c == '\n' ? ' ' : c;
  CHECK(joined == words);
}

TEST_CASE("a two-column line continues its description under the description") {
  CHECK(wrap_text("  <game> swap board userid password   (or: <game> move board userid password swap)\n") ==
        "  <game> swap board userid password   (or: <game> move board userid password\n"
        "                                      swap)\n");
  CHECK(wrap_text("    <game> abort board userid password   (before the first move: ends the game)") ==
        "    <game> abort board userid password   (before the first move: ends the\n"
        "                                         game)");
  CHECK(wrap_text("  gates  - connection game with split-path tiles: Cross (default), Y and Hex Gates") ==
        "  gates  - connection game with split-path tiles: Cross (default), Y and Hex\n"
        "         Gates");
}

TEST_CASE("drawings and unbreakable lines are left alone") {
  // A large HY 3 row: runs of blanks between the cells.
  const std::string hy3 =
      "m  m1  m2  m3  m4  m5  m6  m7  m8  m9  m10 m11 m12 m13 m14 m15 m16 m17 m18 m19 m20 m21 m22 m23\n";
  CHECK(wrap_text(hy3) == hy3);
  // A compact Gates row has single blanks but is an outline.
  const std::string gates = "+a13+-+c12+-+e11+-+g10+-+i9 +-+k8 +-+m7 +-+o6 +-+q5 +-+s4 +-+u3 +-+w2 +-+y1 +-+\n";
  CHECK(wrap_text(gates) == gates);
  const std::string word(100, 'w');
  CHECK(wrap_text(word) == word);
  // A description that would be folded into fewer than 24 columns is left alone.
  const std::string late = std::string(55, 'x') + "   " + std::string(20, 'y') + " " + std::string(20, 'z');
  CHECK(wrap_text(late) == late);
}
