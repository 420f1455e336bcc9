#include "server/web/html.h"

#include <stdexcept>

#include "mail/html_page.h"

namespace pbem::server::web {

void Html::write_open(Literal tag, std::initializer_list<Attribute> attributes) {
  out_ += '<';
  out_ += tag.view();
  for (const Attribute& a : attributes) {
    out_ += ' ';
    out_ += a.name.view();
    out_ += "=\"";
    out_ += mail::html_escape(a.value);
    out_ += '"';
  }
}

Html& Html::open(Literal tag, std::initializer_list<Attribute> attributes) {
  write_open(tag, attributes);
  out_ += '>';
  open_.push_back(tag.view());
  return *this;
}

Html& Html::close(Literal tag) {
  // A page that closes the wrong element is a programming error: never send it.
  if (open_.empty() || open_.back() != tag.view())
    throw std::logic_error("html: </" + std::string(tag.view()) + "> does not close the innermost element");
  open_.pop_back();
  out_ += "</";
  out_ += tag.view();
  out_ += '>';
  return *this;
}

Html& Html::empty(Literal tag, std::initializer_list<Attribute> attributes) {
  write_open(tag, attributes);
  // SVG elements (inline in HTML5) need the self-closing slash; HTML void elements allow it
  // but tidy prefers none, so only SVG's get it.
  const std::string_view name = tag.view();
  const bool html_void = name == "img" || name == "meta" || name == "link" || name == "br";
  out_ += html_void ? ">" : "/>";
  return *this;
}

Html& Html::text(std::string_view text) {
  out_ += mail::html_escape(text);
  return *this;
}

Html& Html::element(Literal tag, std::string_view text, std::initializer_list<Attribute> attributes) {
  return open(tag, attributes).text(text).close(tag);
}

std::string Html::finish() {
  if (!open_.empty()) throw std::logic_error("html: <" + std::string(open_.back()) + "> left open");
  return std::move(out_);
}

}  // namespace pbem::server::web
