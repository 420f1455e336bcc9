#include "server/mailing/record_text.h"

#include <algorithm>
#include <array>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
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
  std::string text_so_far = text(Msg::HistoryHeading, {{"heading", board_heading(record)},
                                                        {"first", record.userids[0]},
                                                        {"second", record.userids[1]},
                                                        {"started", record.created_at}});
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
    text_so_far += text(Msg::HistoryRow, {{"number", std::string(widths[0] - row[0].size(), ' ') + row[0]},
                                           {"player", padded(row[1], widths[1])},
                                           {"ply", padded(row[2], widths[2])},
                                           {"at", moves[i].created_at}});
  }
  if (moves.empty()) text_so_far += text(Msg::HistoryNoMoves);
  // What an accepted undo took back stays on record here (table takebacks).
  if (!taken_back.empty()) text_so_far += "\n";
  for (const TakenBack& t : taken_back)
    text_so_far += text(Msg::HistoryTakenBack, {{"number", t.move.ply},
                                                 {"ply", game.describe_ply(t.move.move)},
                                                 {"player", t.move.userid},
                                                 {"played", t.move.created_at},
                                                 {"taken_back", t.taken_back_at}});
  if (record.aborted_by) text_so_far += text(Msg::HistoryAbortedResult, {{"aborted", aborted_note(record)}});
  if (winner_of(record, game)) text_so_far += text(Msg::HistoryResult, {{"state", game_state(record, game)}});
  return text_so_far;
}

std::string record_subject(const GameRecord& record) {
  return text(Msg::RecordSubject, {{"title", game_title(record.type)}, {"game", record.id}});
}

std::string all_records_refusal(const std::string& word) {
  return text(Msg::AllRecordsNoSuchGame, {{"game", quoted_word(word)}});
}

ReplyWords all_records_reply(const std::string& userid, std::size_t sent, std::size_t all, const std::string& game,
                             const std::string& next_since) {
  std::string body = sent == 0 ? text(Msg::AllRecordsNone, {{"userid", userid}})
                               : text(Msg::AllRecordsText, {{"userid", userid}, {"count", sent}});
  if (sent < all)
    body += text(Msg::AllRecordsMore,
                 {{"more", all - sent},
                  {"command", "all records " + userid + " " + (game.empty() ? "" : game + " ") + "since " + next_since}});
  return {text(Msg::AllRecordsSubject, {{"userid", userid}}), body};
}

}  // namespace pbem::server
