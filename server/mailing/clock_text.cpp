#include "server/mailing/clock_text.h"

#include <chrono>
#include <vector>

#include "engine/text.h"
#include "server/play/game_clock.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server {

std::string deadline_text(const std::string& iso) {
  const auto time = parse_iso8601(iso);
  return time ? readable_utc(*time) : iso;
}

std::string bank_text(std::int64_t seconds) {
  if (seconds < 0) seconds = 0;
  const std::int64_t hours = seconds / 3600;
  return std::to_string(hours / 24) + " d " + std::to_string(hours % 24) + " h";
}

namespace {

// The deadline of the player to move, and the banks of a game on a time bank.
std::string turn_clock_lines(Database& db, const GameRecord& record, const Game& game) {
  if (!record.active || game.over()) return "";
  const auto users = userids_by_colour(record, game);
  const std::string& mover = users[static_cast<std::size_t>(game.to_move())];
  std::string text;
  // The deadline is a real moment; what it was counted from skipped the weekends.
  const std::string weekends = record.weekends_off ? "; weekends off" : "";
  if (record.bank) {
    // The player to move has what their deadline leaves; the other what they kept.
    const std::int64_t mover_id = user_id_of_colour(record, game, game.to_move());
    std::vector<std::string> banks;
    for (int colour = 0; colour < 2; ++colour) {
      const std::int64_t user_id = user_id_of_colour(record, game, colour);
      banks.push_back(users[static_cast<std::size_t>(colour)] + " " +
                      bank_text(user_id == mover_id
                                    ? seconds_left(db, record, user_id, std::chrono::system_clock::now())
                                    : record.bank->seconds[seat_of(record, user_id)]));
    }
    text += "Time left: " + join(banks, ", ") + " (" + record.bank->text + (record.weekends_off ? ", weekends off" : "") +
            ")\n";
    if (record.deadline_at)
      text += "Deadline for " + mover + " to move: " + deadline_text(*record.deadline_at) + " (their bank runs out" +
              weekends + ").\n";
  } else if (record.deadline_at) {
    text += "Deadline for " + mover + " to move: " + deadline_text(*record.deadline_at) + " (" +
            std::to_string(record.days_per_move) + (record.days_per_move == 1 ? " day" : " days") + " per move" +
            weekends + ").\n";
  } else {
    text += "No time limit.\n";
  }
  return text;
}

}  // namespace

std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader) {
  std::string text = turn_clock_lines(db, record, game);
  if (text.empty()) return text;
  const std::string now = now_iso8601();
  Vacations vacations(db);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    if (record.userids[seat] == reader) continue;
    if (auto vacation = vacations.current(record.players[seat], now))
      text += record.userids[seat] + " is on vacation until " + deadline_text(vacation->ends_at) +
              "; their clock stands still until then.\n";
  }
  return text;
}

}  // namespace pbem::server
