#include "server/mailing/board_list.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "engine/registry.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// A cell label's place in row order: its letters (the row, HY 3's row, Gaia's ring, a Gates
// column), then its number ("d10" after "d9").
std::tuple<std::size_t, std::string, int> row_order(const std::string& label) {
  std::size_t letters = 0;
  while (letters < label.size() && label[letters] >= 'a' && label[letters] <= 'z') ++letters;
  const std::string digits = label.substr(letters);
  const int number = digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos ? 0 : std::stoi(digits);
  return {letters, label.substr(0, letters), number};
}

std::string joined(const std::vector<std::string>& items) {
  if (items.empty()) return text(Msg::BoardListNone);
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// How many cells the board has: the engine's interface names none, but every cell of an
// empty board of the same options is among its legal plies (a tile game's "a:d3" names
// its cell after the colon).
int cell_total(const Game& game) {
  std::vector<std::string> options;
  const std::string all = game.options_text();
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t end = std::min(all.find(' ', at), all.size());
    if (end > at) options.push_back(all.substr(at, end - at));
    at = end + 1;
  }
  std::set<std::string> cells;
  for (const std::string& ply : create_game(game.name(), options)->legal_plies())
    if (ply != "swap") cells.insert(ply.substr(ply.find(':') == std::string::npos ? 0 : ply.find(':') + 1));
  return static_cast<int>(cells.size());
}

}  // namespace

std::string board_list(const GameRecord& record, const Game& game) {
  const auto users = userids_by_colour(record, game);
  // Occupied cells in row order, each with what stands there.
  std::vector<std::pair<std::string, std::string>> cells;
  const nlohmann::json occupied = game.cells_json();  // a named value: items() of a temporary trips -O3's warnings
  for (auto cell = occupied.begin(); cell != occupied.end(); ++cell)
    cells.emplace_back(cell.key(), cell.value().get<std::string>());
  std::sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) { return row_order(a.first) < row_order(b.first); });
  std::string list = text(Msg::BoardListHeading, {{"title", game_title(record.type)}, {"game", record.id},
                                                  {"plies", game.ply_count()}});
  if (game.over())
    list += text(Msg::BoardListOver, {{"winner", users[static_cast<std::size_t>(*game.winner())]},
                                      {"colour", std::string(game.colour_name(*game.winner()))}});
  else
    list += text(Msg::BoardListToMove, {{"player", users[static_cast<std::size_t>(game.to_move())]},
                                        {"colour", std::string(game.colour_name(game.to_move()))},
                                        {"number", game.ply_count() + 1}});
  bool stones = false;  // a stone game's cells hold a colour's name; a tile game's the tile
  for (const auto& cell : cells) stones = stones || cell.second == game.colour_name(0) || cell.second == game.colour_name(1);
  if (stones || cells.empty()) {
    for (Colour colour : {0, 1}) {
      std::vector<std::string> own;
      for (const auto& [label, content] : cells)
        if (content == game.colour_name(colour)) own.push_back(label);
      const std::string name(game.colour_name(colour));
      const std::string& player = users[static_cast<std::size_t>(colour)];
      list += own.size() == 1 ? text(Msg::BoardListOneStone, {{"colour", name}, {"player", player}, {"cells", own[0]}})
                              : text(Msg::BoardListStones, {{"colour", name},
                                                            {"player", player},
                                                            {"count", static_cast<int>(own.size())},
                                                            {"cells", joined(own)}});
    }
  } else {
    std::vector<std::string> tiles;
    for (const auto& [label, tile] : cells) tiles.push_back(text(Msg::BoardListTile, {{"cell", label}, {"tile", tile}}));
    list += tiles.size() == 1
                ? text(Msg::BoardListOneTile, {{"tiles", tiles[0]}})
                : text(Msg::BoardListTiles, {{"count", static_cast<int>(tiles.size())}, {"tiles", joined(tiles)}});
  }
  list += game.record().empty() ? text(Msg::BoardListNoMoveYet)
                                : text(Msg::BoardListLastMove, {{"ply", game.describe_ply(game.record().back())},
                                                                {"number", game.ply_count()}});
  list += text(Msg::BoardListEmpty, {{"count", cell_total(game) - static_cast<int>(cells.size())}});
  return list;
}

std::string board_as_set(const std::string& text, const std::string& rendered, const std::string& list,
                         const std::string& board) {
  const std::size_t at = rendered.empty() ? std::string::npos : text.find(rendered);
  if (board == "text" || at == std::string::npos) return text;
  const std::string shown = board == "list" ? list : rendered + "\n" + list;
  return text.substr(0, at) + shown + text.substr(at + rendered.size());
}

}  // namespace pbem::server
