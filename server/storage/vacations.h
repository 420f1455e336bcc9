// Vacations in SQLite (table `vacations`, schema/009_clock.sql): while one lasts, the
// user's game clocks stand still. Times are ISO 8601 UTC, as the database stores them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/database.h"

namespace pbem::server {

struct Vacation {
  std::int64_t id = 0;
  std::string starts_at, ends_at;
  int days = 0;  // taken from the allowance of the year it started in
  bool automatic = false;  // started by the clock instead of a loss on time (autovacation)
};

class Vacations {
 public:
  explicit Vacations(Database& db) : db_(db) {}

  // The user's vacation that lasts at `now_iso` (started, not yet ended).
  std::optional<Vacation> current(std::int64_t user_id, const std::string& now_iso) const;
  // Days the user has taken by vacations that started in calendar year `year`.
  int days_taken(std::int64_t user_id, int year) const;
  void start(std::int64_t user_id, const std::string& starts_at, const std::string& ends_at, int days,
             bool automatic = false);
  // Whether an automatic vacation of the user started on UTC day `date` ("2027-03-05").
  bool automatic_started_on(std::int64_t user_id, const std::string& date) const;
  // `set userid password autovacation on|off` (schema/028_autovacation_weekends.sql; on
  // unless the user turned it off).
  bool autovacation(std::int64_t user_id) const;
  void set_autovacation(std::int64_t user_id, bool on);
  // Ends vacation `id` at `ends_at`, now charging only `days`.
  void end_early(std::int64_t id, const std::string& ends_at, int days);

 private:
  Database& db_;
};

}  // namespace pbem::server
