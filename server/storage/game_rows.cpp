#include "server/storage/game_rows.h"

#include "server/storage/account_erasure.h"

namespace pbem::server {

const char* const kSelectGame =
    "SELECT g.id, g.type, g.options, g.player0, g.player1, u0.userid, u1.userid, g.status, "
    "g.winner_colour, g.plies, g.thread_id, g.created_at, g.updated_at, ua.userid, g.rated, "
    "g.days_per_move, g.deadline_at, g.remind_at, g.end_reason, "
    "g.time_bank, g.bank_limit_seconds, g.bank_increment_seconds, g.bank0_seconds, g.bank1_seconds, g.to_move, "
    "g.swapped, g.weekends_off, g.invited_by, g.lapses_at, g.rating_low, g.rating_high, g.open_seat, g.verdict, g.ended_at, "
    "g.fork_of_game, g.fork_of_ply "
    "FROM games g JOIN users u0 ON u0.id = g.player0 JOIN users u1 ON u1.id = g.player1 "
    "LEFT JOIN users ua ON ua.id = g.aborted_by ";

GameRecord record_from_row(Statement& row) {
  GameRecord r;
  r.id = row.column_int(0);
  r.type = row.column_text(1);
  r.options = row.column_text(2);
  r.players = {row.column_int(3), row.column_int(4)};
  r.userids = {shown_userid(row.column_text(5)), shown_userid(row.column_text(6))};  // an erased player: `deleted`
  const std::string status = row.column_text(7);
  r.active = status == "active";
  if (status != "active" && status != "finished") r.invitation = status;
  if (!row.column_is_null(8)) r.winner_colour = static_cast<int>(row.column_int(8));
  r.plies = static_cast<int>(row.column_int(9));
  r.thread_id = row.column_text(10);
  r.created_at = row.column_text(11);
  r.updated_at = row.column_text(12);
  r.aborted_by = row.column_optional_text(13);
  if (r.aborted_by) r.aborted_by = shown_userid(*r.aborted_by);
  r.rated = row.column_int(14) != 0;
  r.days_per_move = static_cast<int>(row.column_int(15));
  r.deadline_at = row.column_optional_text(16);
  r.remind_at = row.column_optional_text(17);
  // A game the clock ended: lost on time, or aborted because that player never moved.
  const bool by_clock = row.column_optional_text(18) == std::optional<std::string>("time");
  r.lost_on_time = by_clock && !r.aborted_by;
  r.never_moved = by_clock && r.aborted_by;
  if (auto bank = row.column_optional_text(19))
    r.bank = TimeBank{*bank, row.column_int(20), row.column_int(21), {row.column_int(22), row.column_int(23)}};
  if (!row.column_is_null(24)) r.to_move = row.column_int(24);
  r.swapped = row.column_int(25) != 0;
  r.weekends_off = row.column_int(26) != 0;
  if (!row.column_is_null(27)) r.invited_by = row.column_int(27);
  r.lapses_at = row.column_optional_text(28);
  if (!row.column_is_null(29)) r.rating_low = static_cast<int>(row.column_int(29));
  if (!row.column_is_null(30)) r.rating_high = static_cast<int>(row.column_int(30));
  if (!row.column_is_null(31)) r.open_seat = static_cast<int>(row.column_int(31));
  const auto verdict = row.column_optional_text(32);
  r.voided = verdict == std::optional<std::string>("void");
  r.adjudicated = verdict == std::optional<std::string>("adjudicated");
  r.ended_at = row.column_optional_text(33);
  if (!row.column_is_null(34)) {
    r.fork_of_game = row.column_int(34);
    r.fork_of_ply = static_cast<int>(row.column_int(35));
  }
  return r;
}

std::vector<GameRecord> all_rows(Statement& query) {
  std::vector<GameRecord> games;
  while (query.step()) games.push_back(record_from_row(query));
  return games;
}

std::vector<std::int64_t> ids_of(Statement& query) {
  std::vector<std::int64_t> ids;
  while (query.step()) ids.push_back(query.column_int(0));
  return ids;
}

}  // namespace pbem::server
