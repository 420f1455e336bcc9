// HTML escaped by construction (spec "The web window": the pages show what players wrote:
// userids, tournament names, moves). Every byte of text and every attribute value goes
// through one escaping function, mail::html_escape (the mails' HTML uses the same); element
// and attribute names can only be string literals (a consteval constructor), so no text
// that came from the database can ever become markup.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::server::web {

// A name fixed in the source: an element or attribute name, or the stylesheet.
class Literal {
 public:
  template <std::size_t N>
  consteval Literal(const char (&text)[N]) : text_(text, N - 1) {}  // NOLINT: implicit on purpose
  std::string_view view() const { return text_; }

 private:
  std::string_view text_;
};

struct Attribute {
  Literal name;
  std::string_view value;  // escaped when written
};

class Html {
 public:
  // <tag a="v" ...>; closed by close(), which checks it is the innermost open element.
  Html& open(Literal tag, std::initializer_list<Attribute> attributes = {});
  Html& close(Literal tag);
  // An element without content (<img>, <meta>, <link>, <polyline .../> in SVG).
  Html& empty(Literal tag, std::initializer_list<Attribute> attributes = {});
  Html& text(std::string_view text);
  // <tag ...>text</tag>
  Html& element(Literal tag, std::string_view text, std::initializer_list<Attribute> attributes = {});
  Html& link(std::string_view href, std::string_view text) { return element("a", text, {{"href", href}}); }
  // The document so far; every element must have been closed.
  std::string finish();

 private:
  void write_open(Literal tag, std::initializer_list<Attribute> attributes);
  std::string out_;
  std::vector<std::string_view> open_;
};

}  // namespace pbem::server::web
