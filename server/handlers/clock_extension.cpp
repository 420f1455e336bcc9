#include "server/handlers/clock_extension.h"

#include <map>

#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/mailing/clock_mail.h"
#include "server/mailing/clock_text.h"
#include "server/play/game_clock.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_clocks.h"

namespace pbem::server {

ClockExtension extend_clocks(Database& db, const Config& config, int hours, std::optional<std::int64_t> game_id,
                             std::chrono::system_clock::time_point now) {
  if (hours < kMinClockExtensionHours || hours > kMaxClockExtensionHours)
    throw CommandError("clock extend takes " + std::to_string(kMinClockExtensionHours) + " to " +
                       std::to_string(kMaxClockExtensionHours) + " hours, not " + std::to_string(hours));
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);
  std::vector<std::int64_t> ids;
  if (game_id) {
    const auto record = work.records.find(*game_id);
    if (!record || !record->active || !record->deadline_at || !record->to_move)
      throw CommandError("game " + std::to_string(*game_id) + " is not a running game with a clock");
    ids.push_back(*game_id);
  } else {
    ids = GameClocks(work.db).with_deadline();
  }
  ClockExtension done;
  // Each player to move: the lines of their games, so that they get one mail for all.
  std::map<std::int64_t, std::vector<std::string>> lines;
  for (const std::int64_t id : ids) {
    auto record = work.records.find(id);
    if (!record || !record->active || !record->deadline_at || !record->to_move) continue;
    const std::string was = *record->deadline_at;
    work.records.set_turn_clock(*record, extended_clock(config.clock, *record, std::chrono::hours(hours), now));
    const std::int64_t mover = *record->to_move;
    const std::string& opponent = record->userids[record->players[0] == mover ? 1 : 0];
    lines[mover].push_back(extended_game_line(*record, opponent, was,
                                              record->bank ? bank_text(seconds_left(db, *record, mover, now)) : ""));
    done.new_deadlines += std::to_string(id) + "=" + *record->deadline_at + ";";
    ++done.games;
  }
  for (const auto& [user_id, games] : lines) {
    const auto account = work.accounts.find_by_id(user_id);
    if (!account) continue;
    work.mail_account(*account, clock_extended_mail(hours, games));
  }
  done.replies = std::move(outcome.replies);
  return done;
}

}  // namespace pbem::server
