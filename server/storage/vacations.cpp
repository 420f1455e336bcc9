#include "server/storage/vacations.h"

namespace pbem::server {

std::optional<Vacation> Vacations::current(std::int64_t user_id, const std::string& now_iso) const {
  auto query = db_.prepare(
      "SELECT id, starts_at, ends_at, days, automatic FROM vacations WHERE user_id = ?1 AND starts_at <= ?2 AND ends_at > ?2 "
      "ORDER BY ends_at DESC LIMIT 1");
  query.bind(1, user_id).bind(2, now_iso);
  if (!query.step()) return std::nullopt;
  return Vacation{query.column_int(0), query.column_text(1), query.column_text(2),
                  static_cast<int>(query.column_int(3)), query.column_int(4) != 0};
}

int Vacations::days_taken(std::int64_t user_id, int year) const {
  // ISO 8601 text starts with the year, so the year is its first four characters.
  auto query = db_.prepare("SELECT coalesce(sum(days), 0) FROM vacations WHERE user_id = ? AND substr(starts_at, 1, 4) = ?");
  query.bind(1, user_id).bind(2, std::to_string(year));
  query.step();
  return static_cast<int>(query.column_int(0));
}

void Vacations::start(std::int64_t user_id, const std::string& starts_at, const std::string& ends_at, int days,
                      bool automatic) {
  auto insert =
      db_.prepare("INSERT INTO vacations (user_id, starts_at, ends_at, days, automatic) VALUES (?, ?, ?, ?, ?)");
  insert.bind(1, user_id).bind(2, starts_at).bind(3, ends_at).bind(4, static_cast<std::int64_t>(days));
  insert.bind(5, automatic);
  insert.run();
}

bool Vacations::automatic_started_on(std::int64_t user_id, const std::string& date) const {
  // ISO 8601 text starts with the date, so the day is its first ten characters.
  auto query = db_.prepare(
      "SELECT 1 FROM vacations WHERE user_id = ? AND automatic = 1 AND substr(starts_at, 1, 10) = ? LIMIT 1");
  query.bind(1, user_id).bind(2, date);
  return query.step();
}

bool Vacations::autovacation(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT autovacation FROM users WHERE id = ?");
  query.bind(1, user_id);
  return query.step() && query.column_int(0) != 0;
}

void Vacations::set_autovacation(std::int64_t user_id, bool on) {
  auto update = db_.prepare("UPDATE users SET autovacation = ? WHERE id = ?");
  update.bind(1, on).bind(2, user_id);
  update.run();
}

void Vacations::end_early(std::int64_t id, const std::string& ends_at, int days) {
  auto update = db_.prepare("UPDATE vacations SET ends_at = ?, days = ? WHERE id = ?");
  update.bind(1, ends_at).bind(2, static_cast<std::int64_t>(days)).bind(3, id);
  update.run();
}

}  // namespace pbem::server
