#include "server/catalogue/catalogue.h"

#include <stdexcept>

namespace pbem::server {

namespace {

// Walks `text`, handing each stretch of plain text to `plain` and each placeholder's name to
// `placeholder`; `{{` and `}}` are a brace of the text. A lone `}` or an unclosed `{` is a
// fault of the catalogue.
template <typename Plain, typename Placeholder>
void walk(std::string_view text, Plain&& plain, Placeholder&& placeholder) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t brace = text.find_first_of("{}", at);
    if (brace == std::string_view::npos) {
      plain(text.substr(at));
      return;
    }
    plain(text.substr(at, brace - at));
    if (brace + 1 < text.size() && text[brace + 1] == text[brace]) {
      plain(text.substr(brace, 1));
      at = brace + 2;
      continue;
    }
    const std::size_t close = text.find('}', brace);
    if (text[brace] == '}' || close == std::string_view::npos)
      throw std::logic_error("a text has a lone brace: " + std::string(text));
    placeholder(text.substr(brace + 1, close - brace - 1));
    at = close + 1;
  }
}

const CatalogueEntry& entry_of(std::span<const CatalogueEntry> catalogue, Msg id) {
  const auto index = static_cast<std::size_t>(id);
  if (index >= catalogue.size() || catalogue[index].id != id) throw std::logic_error("a catalogue out of order");
  return catalogue[index];
}

}  // namespace

std::string render(std::span<const CatalogueEntry> catalogue, Msg id, std::span<const Arg> args) {
  const CatalogueEntry& entry = entry_of(catalogue, id);
  std::vector<bool> used(args.size(), false);
  std::string out;
  walk(
      entry.text, [&](std::string_view plain) { out += plain; },
      [&](std::string_view name) {
        for (std::size_t i = 0; i < args.size(); ++i)
          if (args[i].name == name) {
            out += args[i].text;
            used[i] = true;
            return;
          }
        throw std::logic_error("message " + std::string(entry.key) + " needs {" + std::string(name) + "}");
      });
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!used[i])
      throw std::logic_error("message " + std::string(entry.key) + " has no {" + std::string(args[i].name) + "}");
  return out;
}

std::string text(Msg id, std::initializer_list<Arg> args) {
  return render(english_catalogue(), id, std::span<const Arg>(args.begin(), args.size()));
}

std::string text(Msg id, const std::vector<Arg>& args) { return render(english_catalogue(), id, args); }

std::string_view key_of(Msg id) { return entry_of(english_catalogue(), id).key; }

std::string_view template_of(Msg id) { return entry_of(english_catalogue(), id).text; }

std::vector<std::string> placeholders_of(std::string_view text) {
  std::vector<std::string> names;
  walk(
      text, [](std::string_view) {}, [&](std::string_view name) { names.emplace_back(name); });
  return names;
}

}  // namespace pbem::server
