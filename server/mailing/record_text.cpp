#include "server/mailing/record_text.h"

#include <algorithm>
#include <array>

#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// Pads `text` with blanks to `width`, so the columns line up.
std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace

std::string move_record_text(const GameRecord& record, const Game& game, const std::vector<StoredMove>& moves,
                             const std::vector<TakenBack>& taken_back) {
  std::string text = board_heading(record) + ": " + record.userids[0] + " against " + record.userids[1] +
                     ", started " + record.created_at + "\n\n";
  // One row per move: number, player, move, time, each column as wide as its widest entry.
  std::vector<std::array<std::string, 3>> rows;
  std::array<std::size_t, 3> widths{};
  for (const StoredMove& m : moves) {
    rows.push_back({std::to_string(m.ply) + ".", m.userid + " (" + colour_of(game, m.colour) + ")",
                    game.describe_ply(m.move)});
    for (std::size_t column = 0; column < widths.size(); ++column)
      widths[column] = std::max(widths[column], rows.back()[column].size());
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto& row = rows[i];
    // Numbers align right, the other columns left.
    text += "  " + std::string(widths[0] - row[0].size(), ' ') + row[0] + " " + padded(row[1], widths[1]) + "  " +
            padded(row[2], widths[2]) + "  " + moves[i].created_at + "\n";
  }
  if (moves.empty()) text += "  (no moves yet)\n";
  // What an accepted undo took back stays on record here (table takebacks).
  if (!taken_back.empty()) text += "\n";
  for (const TakenBack& t : taken_back)
    text += "  Taken back: move " + std::to_string(t.move.ply) + " " + game.describe_ply(t.move.move) + " by " +
            t.move.userid + ", played " + t.move.created_at + ", taken back " + t.taken_back_at + "\n";
  if (record.aborted_by) text += "\nResult: none, the game was " + aborted_note(record) + ".\n";
  if (winner_of(record, game)) text += "\nResult: " + game_state(record, game) + ".\n";
  return text;
}

std::string record_subject(const GameRecord& record) {
  return game_title(record.type) + " #" + std::to_string(record.id) + ": record";
}

}  // namespace pbem::server
