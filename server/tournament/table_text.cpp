// The table as mail shows it: the standings, then a round robin's crosstable or the games
// of a Swiss or a knockout round by round. Fixed-width columns, 78 columns at most.
#include <algorithm>
#include <cstdio>
#include <map>

#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament {
namespace {

// Longer userids are not cut, they only push their own line wider.
constexpr std::size_t kMaxUseridWidth = 16;

std::string decimal(double value, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

std::string pad_left(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string pad_right(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

// A column's width: the widest of its texts.
template <typename Text>
std::size_t widest(const std::vector<Standing>& table, Text text) {
  std::size_t width = 0;
  for (const Standing& row : table) width = std::max(width, text(row).size());
  return width;
}

// "12. alice   " : the place right-aligned so the dots line up, the userid padded.
class RowLabel {
 public:
  explicit RowLabel(const std::vector<Standing>& table)
      : place_width_(std::to_string(table.size()).size()),
        userid_width_(std::min(kMaxUseridWidth, widest(table, [](const Standing& row) { return row.userid; }))) {}
  std::string operator()(const Standing& row) const {
    return pad_left(std::to_string(row.place), place_width_) + ". " + pad_right(row.userid, userid_width_);
  }
  std::size_t width() const { return place_width_ + 2 + userid_width_; }

 private:
  std::size_t place_width_, userid_width_;
};

std::string record(const Standing& row, const TableWords& words) {
  std::string text = "(" + std::to_string(row.wins) + "-" + std::to_string(row.losses);
  if (row.losses_on_time > 0) text += ", " + words.losses_on_time(row.losses_on_time);
  if (row.byes > 0) text += ", " + words.byes(row.byes);
  if (row.withdrawn) text += ", " + words.left;
  return text + ")";
}

// The format's tie-break columns, each a label and a number right-aligned to its column.
std::vector<std::string> tie_break_columns(Format format, const std::vector<Standing>& table, const Standing& row,
                                           const TableWords& words) {
  auto column = [&](const std::string& label, auto value) {
    return label + " " + pad_left(value(row), widest(table, value));
  };
  auto buchholz = [](const Standing& r) { return decimal(r.buchholz, 1); };
  auto sonneborn_berger = [](const Standing& r) { return decimal(r.sonneborn_berger, 2); };
  auto round = [](const Standing& r) { return std::to_string(r.round_reached); };
  switch (format) {
    case Format::RoundRobin:
      return {column(words.sonneborn_berger, sonneborn_berger)};
    case Format::Swiss:
      return {column(words.buchholz, buchholz), column(words.sonneborn_berger, sonneborn_berger)};
    case Format::Knockout:
      return {column(words.round, round)};
  }
  return {};
}

std::vector<std::string> table_lines(Format format, const std::vector<Standing>& table, const TableWords& words) {
  const RowLabel label(table);
  auto score = [](const Standing& r) { return decimal(r.score, 1); };
  const std::size_t score_width = widest(table, score);
  std::vector<std::string> lines;
  for (const Standing& row : table) {
    std::string line = label(row) + "  " + pad_left(score(row), score_width);
    for (const std::string& column : tie_break_columns(format, table, row, words)) line += "  " + column;
    lines.push_back(line + "  " + record(row, words));
  }
  return lines;
}

// One character per game of a against b, in the order the games were made: 1 won, 0 lost,
// . not decided yet (or not made); `legs` characters in all.
std::string cell(std::int64_t a, std::int64_t b, std::size_t legs, std::vector<const PlayedGame*> between) {
  if (a == b) return std::string(legs, 'x');
  std::sort(between.begin(), between.end(),
            [](const PlayedGame* x, const PlayedGame* y) { return x->game_id < y->game_id; });
  std::string text;
  for (const PlayedGame* game : between) {
    if (text.size() == legs) break;
    text += !game->finished || !game->winner ? '.' : *game->winner == a ? '1' : '0';
  }
  text.resize(legs, '.');
  return text;
}

std::vector<std::string> crosstable_lines(const Settings& settings, const std::vector<Standing>& table,
                                          const std::vector<PlayedGame>& games) {
  const RowLabel label(table);
  const std::size_t legs = settings.double_round ? 2 : 1;
  const std::size_t cell_width = std::max(legs, std::to_string(table.size()).size());
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const PlayedGame*>> between;
  for (const PlayedGame& game : games) {
    between[{game.first, game.second}].push_back(&game);
    between[{game.second, game.first}].push_back(&game);
  }
  std::string header(label.width(), ' ');
  for (const Standing& column : table) header += " " + pad_left(std::to_string(column.place), cell_width);
  std::vector<std::string> lines{header};
  auto score = [](const Standing& r) { return decimal(r.score, 1); };
  const std::size_t score_width = widest(table, score);
  for (const Standing& row : table) {
    std::string line = label(row);
    for (const Standing& column : table) {
      const std::string text = cell(row.user_id, column.user_id, legs, between[{row.user_id, column.user_id}]);
      line += " " + pad_left(text, cell_width);
    }
    lines.push_back(line + "  " + pad_left(score(row), score_width));
  }
  return lines;
}

std::string result_text(const PlayedGame& game, const TableWords& words) {
  if (!game.finished || !game.winner) return "...";
  return std::string(*game.winner == game.first ? "1-0" : "0-1") + (game.on_time ? words.won_on_time : "");
}

// "Round 1", its games ("  #12  alice - bob  1-0", results in one column) and its byes.
std::vector<std::string> round_lines(const std::vector<Entrant>& entrants, const std::vector<PlayedGame>& games,
                                     const std::vector<Bye>& byes, const TableWords& words) {
  std::map<std::int64_t, std::string> userid;
  for (const Entrant& entrant : entrants) userid[entrant.user_id] = entrant.userid;
  auto name = [&](std::int64_t id) { return userid.count(id) ? userid[id] : "#" + std::to_string(id); };
  std::vector<const PlayedGame*> ordered;
  std::size_t id_width = 0;
  for (const PlayedGame& game : games) {
    ordered.push_back(&game);
    id_width = std::max(id_width, std::to_string(game.game_id).size() + 1);
  }
  std::sort(ordered.begin(), ordered.end(), [](const PlayedGame* a, const PlayedGame* b) {
    return std::pair{a->round, a->game_id} < std::pair{b->round, b->game_id};
  });
  std::vector<std::string> lines;
  for (int round = 1; round <= detail::last_round(games, byes); ++round) {
    lines.push_back(words.round_heading(round));
    std::size_t players_width = 0;
    for (const PlayedGame* game : ordered) {
      if (game->round == round)
        players_width = std::max(players_width, (name(game->first) + " - " + name(game->second)).size());
    }
    for (const PlayedGame* game : ordered) {
      if (game->round != round) continue;
      lines.push_back("  " + pad_right("#" + std::to_string(game->game_id), id_width) + "  " +
                      pad_right(name(game->first) + " - " + name(game->second), players_width) + "  " +
                      result_text(*game, words));
    }
    for (const Bye& bye : byes) {
      if (bye.round == round) lines.push_back("  " + words.bye_line(name(bye.user_id)));
    }
  }
  return lines;
}

}  // namespace

std::string table_text(const Settings& settings, const std::vector<Entrant>& entrants,
                       const std::vector<PlayedGame>& games, const std::vector<Bye>& byes, const TableWords& words) {
  const std::vector<Standing> table = standings(settings, entrants, games, byes);
  std::vector<std::string> lines = table_lines(settings.format, table, words);
  const std::vector<std::string> details = settings.format == Format::RoundRobin
                                               ? crosstable_lines(settings, table, games)
                                               : round_lines(entrants, games, byes, words);
  if (!details.empty()) {
    lines.emplace_back();
    lines.insert(lines.end(), details.begin(), details.end());
  }
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

}  // namespace pbem::server::tournament
