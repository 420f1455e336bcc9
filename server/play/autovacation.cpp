#include "server/play/autovacation.h"

#include "server/play/game_clock.h"
#include "server/storage/vacations.h"
#include "server/support/clock.h"

namespace pbem::server {

int vacation_days_left(Database& db, const ClockConfig& config, std::int64_t user_id,
                       std::chrono::system_clock::time_point now) {
  const int year = std::stoi(iso8601(now).substr(0, 4));  // the calendar year (UTC) the allowance is of
  return config.vacation_days_per_year - Vacations(db).days_taken(user_id, year);
}

std::optional<AutovacationDay> take_autovacation_day(Database& db, const ClockConfig& config, std::int64_t user_id,
                                                     std::chrono::system_clock::time_point now) {
  using namespace std::chrono;
  now = floor<seconds>(now);
  const std::string now_iso = iso8601(now);
  Vacations vacations(db);
  if (!vacations.autovacation(user_id) || vacations.current(user_id, now_iso) ||
      vacations.automatic_started_on(user_id, now_iso.substr(0, 10)))
    return std::nullopt;
  const int left = vacation_days_left(db, config, user_id, now);
  if (left < 1) return std::nullopt;
  const auto end = now + hours(24);
  vacations.start(user_id, now_iso, iso8601(end), 1, true);
  restart_clocks_of(db, user_id, now, end);
  return AutovacationDay{iso8601(end), left - 1};
}

}  // namespace pbem::server
