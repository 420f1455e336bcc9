#pragma once
// The HTML part of every mail: the text/plain body laid out for a narrow screen.
//
// Phone clients and Outlook show text/plain in a proportional font, which scrambles ASCII
// boards; one <pre> for the whole text keeps the boards but cuts every long sentence at
// the right edge of a phone. So the page keeps only what is drawn in columns in <pre>, and
// lets the words wrap:
//   - boards: the byte ranges the caller marks (a board mail marks Game::diagram() where it
//     stands in the text) are each one <pre>, exactly as they are, blank lines included;
//   - other column-aligned lines (tables, indented commands, a board nobody marked): a
//     line is column-aligned when it holds a tab, begins with two blanks, holds "+-",
//     "-+", "+*" or "*+" (box drawing), or holds two or more gaps of two or more blanks
//     between words (a gap right after '.', '!' or '?' is sentence spacing and does not
//     count). Consecutive column-aligned lines, and the blank lines between them, form
//     one <pre>;
//   - everything else is prose: paragraphs split at blank lines, each line of the text
//     ending with <br> (the text's own line breaks stay, long lines wrap), except a line
//     of 60 or more characters that does not end in '.', '!', '?' or ':': wrapped for a
//     mail's 78 columns, it runs on into the next line.
// Every <pre> scrolls inside itself (overflow-x: auto; max-width: 100%) when it is wider
// than the screen, never the page; a word longer than the screen (an address, a URL)
// breaks rather than widening the page. Pictures (board mails, digests) stand where
// their `at` puts them, scaled to the screen's width. Everything from the text and the
// title is escaped; the page's only markup is its own.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::mail {

// A part of a text by its byte offsets: [begin, end).
struct TextRange {
  std::size_t begin = 0;
  std::size_t end = 0;
};

// A picture on the page: above the text from byte `at` on, shown by its Content-ID.
struct PagePicture {
  std::size_t at = 0;
  std::string content_id;
};

// A link on the page: what it reads and where it goes (a mailto: URI, not yet escaped).
struct PageLink {
  std::string label;
  std::string href;
};

// Links that end a marked board (a board mail's legal moves, "Two taps to move"): the
// sentence `heading`, then one line per row of `rows`, right under the board's <pre>.
// Each link is a tap target of at least 24 x 24 CSS pixels with room around it (WCAG 2.2
// target size), whatever the window's width: the rows wrap. With no rows, only the sentence
// (a board too large for links says so); with no sentence, only
// the rows (a choice's one link under each of its boards).
struct BoardLinks {
  std::size_t board = 0;  // index into the page's boards
  std::string heading;
  std::vector<std::vector<PageLink>> rows;
};

// What html_page adds for one link beyond its label and href (for size estimates).
std::size_t page_link_overhead();

// The whole HTML document for `text` (LF line ends). `boards` and `pictures` are in text
// order; a board that overlaps one before it or lies outside the text is shown as
// ordinary text (and its links are left out), a picture inside a board stands after that
// board; `links` stand under the board they name.
std::string html_page(const std::string& title, const std::string& text, const std::vector<TextRange>& boards,
                      const std::vector<PagePicture>& pictures, const std::vector<BoardLinks>& links = {});

// The rule above for one line outside the marked boards (exposed for tests).
bool column_aligned(std::string_view line);

// Text outside the marked boards, cut by the rule above into what the page shows: a run of
// column-aligned lines (with the blank lines between them, each right-trimmed), one <pre>;
// or a paragraph of prose, one entry per line the page keeps, the text's lines that run
// on joined by '\n' (trimmed: HTML would drop the blanks). The web window's pages lay
// out the texts they share with mails by it too (server/web/web_layout.h).
struct TextBlock {
  bool aligned = false;
  std::vector<std::string> lines;
};
std::vector<TextBlock> text_blocks(std::string_view text);

// & < > " ' as character references.
std::string html_escape(std::string_view text);

}  // namespace pbem::mail
