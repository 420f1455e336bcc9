// html_page(): the HTML part laid out for a phone (issue 32): prose in paragraphs that wrap,
// boards and other column-aligned lines in <pre> blocks that scroll inside themselves,
// pictures where they stand, and everything from the text escaped.
#include <catch2/catch.hpp>

#include <string>

#include "mail/html_page.h"

using pbem::mail::column_aligned;
using pbem::mail::html_page;
using pbem::mail::PagePicture;
using pbem::mail::TextRange;

namespace {

const std::string kPre = "<pre style=\"font-family: monospace; overflow-x: auto; max-width: 100%;\">\n";

std::string body_of(const std::string& html) {
  const std::size_t open = html.find("<body");
  REQUIRE(open != std::string::npos);
  const std::size_t content = html.find(">\n", open) + 2;
  return html.substr(content, html.find("</body>") - content);
}

std::string picture(const std::string& cid) {
  return "<p><img src=\"cid:" + cid +
         "\" alt=\"The board (the same position is drawn as text below)\" style=\"max-width: 100%; height: auto;\"></p>\n";
}

TextRange range_of(const std::string& text, const std::string& part) {
  const std::size_t at = text.find(part);
  REQUIRE(at != std::string::npos);
  return {at, at + part.size()};
}

}  // namespace

TEST_CASE("which lines are column-aligned", "[mail][html]") {
  // Tables, indented commands, boards nobody marked.
  CHECK(column_aligned("    hy3 move 1 alice <password>"));
  CHECK(column_aligned("  help commands    every command and its syntax"));
  CHECK(column_aligned("a              a1  a2  a3  a4  a5  a6  a7"));
  CHECK(column_aligned("g  g1  g2  g3  g4  g5  g6  g7  g8  g9  g10 g11 g12 g13"));
  CHECK(column_aligned("c   R   R   R   R  [R]"));
  CHECK(column_aligned(" +-+b1 +-+d2 +-+f3 +-+h4"));
  CHECK(column_aligned("+a1 +-+c2 +*+e3 +-+g4"));
  CHECK(column_aligned(" +*+"));
  CHECK(column_aligned("1. alice   3.0 (3-0)  SB 4.50"));
  CHECK(column_aligned("name\tscore"));
  // Prose: sentences, one gap (a heading), sentence spacing, a dash line, a trailing blank.
  CHECK_FALSE(column_aligned("It is your move. Edit your password and move into this Subject and send it:"));
  CHECK_FALSE(column_aligned("#1  HY 3 #1 (-size=7) against bob: the first move is yours."));
  CHECK_FALSE(column_aligned("confirm userid code   (the code mailed to a new address)"));
  CHECK_FALSE(column_aligned("Nice move.  I did not expect it.  Well played!  Really."));
  CHECK_FALSE(column_aligned("hy3 move 1 alice <password> "));
  CHECK_FALSE(column_aligned("R = red, B = blue, [ ] = last stone placed."));
  CHECK_FALSE(column_aligned("----------------------------------"));
  CHECK_FALSE(column_aligned(""));
}

TEST_CASE("prose becomes paragraphs, each line ending in <br>, column-aligned lines one <pre>", "[mail][html]") {
  const std::string text =
      "alice (red) played d4 as move 1.\n"
      "\n"
      "R = red, B = blue, [ ] = last stone placed.\n"
      "Perimeter 36 cells: a winning group spans 19 or more, never exactly 18.\n"
      "\n"
      "\n"
      "HY 3 ratings:\n"
      "    alice 1500 -> 1662 (+162)\n"
      "\n"
      "    bob 1500 -> 1338 (-162)\n"
      "\n"
      "See https://games.example.org/games/17/a-very-long-path-that-no-phone-shows-on-one-line-at-all\n"
      "\n"
      "Not a game you wanted? Until the first move either player can end it, no\n"
      "agreement needed, with:\n";
  CHECK(body_of(html_page("t", text, {}, {})) ==
        "<p>alice (red) played d4 as move 1.</p>\n"
        "<p>R = red, B = blue, [ ] = last stone placed.<br>\n"
        "Perimeter 36 cells: a winning group spans 19 or more, never exactly 18.</p>\n"
        "<p>HY 3 ratings:</p>\n" +
            kPre +
            "    alice 1500 -&gt; 1662 (+162)\n"
            "\n"
            "    bob 1500 -&gt; 1338 (-162)\n"
            "</pre>\n"
            "<p>See https://games.example.org/games/17/a-very-long-path-that-no-phone-shows-on-one-line-at-all</p>\n"
            // Wrapped for 78 columns: one sentence again.
            "<p>Not a game you wanted? Until the first move either player can end it, no\n"
            "agreement needed, with:</p>\n");
  // A word longer than the screen breaks instead of widening the page.
  CHECK(html_page("t", text, {}, {}).find("<body style=\"overflow-wrap: anywhere; word-break: break-word;\">") !=
        std::string::npos);
}

TEST_CASE("a marked board stays as it is, blank lines and all, in one <pre>", "[mail][html]") {
  const std::string board = "      a     b\n\n  +  a1   +---+\n a b\n";
  const std::string text = "HY 3 #1\n\n" + board + "\nRed to move.\n";
  CHECK(body_of(html_page("t", text, {range_of(text, board)}, {})) ==
        "<p>HY 3 #1</p>\n" + kPre + "      a     b\n\n  +  a1   +---+\n a b\n</pre>\n<p>Red to move.</p>\n");
  // Unmarked, the rule splits it and leaves " a b" to the prose.
  CHECK(body_of(html_page("t", text, {}, {})) == "<p>HY 3 #1</p>\n" + kPre +
                                                     "      a     b\n\n  +  a1   +---+\n</pre>\n<p>a b</p>\n"
                                                     "<p>Red to move.</p>\n");
}

TEST_CASE("a digest: each picture above its game, each game's board in its own <pre>", "[mail][html]") {
  const std::string one = "a  a1  a2\nb    b1  b2\n", two = "+---+\n| x |\n+---+\n";
  const std::string head = "Your move in 2 games.\n\n    #12 c4\n\n";
  const std::string first = "#1  HY 3 #1 against bob: the first move is yours.\n\n" + one + "\n";
  const std::string second = "#2  Gates #2 against bob: <b> played c:d3.\n\n" + two + "\n";
  const std::string text = head + first + second;
  const std::string html = html_page("Your move in 2 games", text, {range_of(text, one), range_of(text, two)},
                                     {{head.size(), "board.x@y"}, {head.size() + first.size(), "board2.x@y"}});
  CHECK(body_of(html) == "<p>Your move in 2 games.</p>\n" + kPre + "    #12 c4\n</pre>\n" + picture("board.x@y") +
                             "<p>#1  HY 3 #1 against bob: the first move is yours.</p>\n" + kPre + one + "</pre>\n" +
                             picture("board2.x@y") +
                             "<p>#2  Gates #2 against bob: &lt;b&gt; played c:d3.</p>\n" + kPre +
                             "+---+\n| x |\n+---+\n</pre>\n");
}

TEST_CASE("marks that overlap or leave the text, and pictures inside or after a board, are harmless",
          "[mail][html]") {
  const std::string text = "Top.\n\nx y\nz w\n\nEnd.\n";
  const TextRange board = range_of(text, "x y\nz w\n");
  // Overlapping and out-of-range marks are ignored: the rest is ordinary text.
  const std::string html = html_page("t", text, {board, {board.begin + 1, board.end}, {3, 400}},
                                     {{board.begin + 2, "in"}, {text.size() + 9, "after"}});
  CHECK(body_of(html) == "<p>Top.</p>\n" + kPre + "x y\nz w\n</pre>\n" + picture("in") + "<p>End.</p>\n" +
                             picture("after"));
}

TEST_CASE("everything from the text and the title is escaped, in prose and in <pre>", "[mail][html]") {
  const std::string evil = "<script>alert('x')</script> & \"q\"";
  const std::string text = evil + "\n\n    " + evil + "\n";
  const std::string html = html_page(evil, text, {}, {{0, "a\"><script>"}});
  CHECK(html.find("<script>") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;") != std::string::npos);
  CHECK(html.find("<title>&lt;script&gt;") != std::string::npos);
  CHECK(html.find("cid:a&quot;&gt;&lt;script&gt;\"") != std::string::npos);
}
