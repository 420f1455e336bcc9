#include "server/mailing/clock_text.h"

#include <chrono>
#include <vector>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
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
  return text(Msg::BankTime, {{"days", hours / 24}, {"hours", hours % 24}});
}

namespace {

// The deadline of the player to move, and the banks of a game on a time bank.
std::string turn_clock_lines(Database& db, const GameRecord& record, const Game& game) {
  if (!record.active || game.over()) return "";
  const auto users = userids_by_colour(record, game);
  const std::string& mover = users[static_cast<std::size_t>(game.to_move())];
  std::string lines;
  // The deadline is a real moment; what it was counted from skipped the weekends.
  const std::string weekends = record.weekends_off ? text(Msg::WeekendsOffAside) : "";
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
    lines += text(record.weekends_off ? Msg::TimeLeftWeekendsOffLine : Msg::TimeLeftLine,
                  {{"banks", join(banks, ", ")}, {"bank", record.bank->text}});
    if (record.deadline_at)
      lines += text(Msg::BankDeadlineLine,
                    {{"mover", mover}, {"deadline", deadline_text(*record.deadline_at)}, {"weekends", weekends}});
  } else if (record.deadline_at) {
    lines += text(Msg::DaysDeadlineLine,
                  {{"mover", mover},
                   {"deadline", deadline_text(*record.deadline_at)},
                   {"days", text(record.days_per_move == 1 ? Msg::OneDay : Msg::SeveralDays, {{"n", record.days_per_move}})},
                   {"weekends", weekends}});
  } else {
    lines += text(Msg::NoTimeLimit);
  }
  return lines;
}

}  // namespace

std::string clock_lines(Database& db, const GameRecord& record, const Game& game, const std::string& reader) {
  std::string lines = turn_clock_lines(db, record, game);
  if (lines.empty()) return lines;
  const std::string now = now_iso8601();
  Vacations vacations(db);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    if (record.userids[seat] == reader) continue;
    if (auto vacation = vacations.current(record.players[seat], now))
      lines += text(Msg::OnVacationLine, {{"player", record.userids[seat]}, {"until", deadline_text(vacation->ends_at)}});
  }
  return lines;
}

}  // namespace pbem::server
