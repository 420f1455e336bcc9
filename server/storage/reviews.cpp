#include "server/storage/reviews.h"

#include "server/support/clock.h"

namespace pbem::server {

std::int64_t Reviews::ask(std::int64_t game_id, std::int64_t user_id, bool automatic,
                          std::chrono::system_clock::time_point now) {
  auto insert = db_.prepare("INSERT INTO reviews (game_id, user_id, automatic, asked_at) VALUES (?, ?, ?, ?)");
  insert.bind(1, game_id).bind(2, user_id).bind(3, static_cast<std::int64_t>(automatic ? 1 : 0)).bind(4, iso8601(now));
  insert.run();
  return db_.last_insert_id();
}

std::int64_t Reviews::waiting() const {
  auto query = db_.prepare("SELECT count(*) FROM reviews WHERE done_at IS NULL");
  query.step();
  return query.column_int(0);
}

std::int64_t Reviews::place_of(std::int64_t id) const {
  auto query = db_.prepare("SELECT count(*) FROM reviews WHERE done_at IS NULL AND id <= ?");
  query.bind(1, id);
  query.step();
  return query.column_int(0);
}

std::int64_t Reviews::done() const {
  auto query = db_.prepare("SELECT count(*) FROM reviews WHERE done_at IS NOT NULL");
  query.step();
  return query.column_int(0);
}

bool Reviews::waits_for(std::int64_t game_id, std::int64_t user_id) const {
  auto query = db_.prepare("SELECT 1 FROM reviews WHERE done_at IS NULL AND game_id = ? AND user_id = ?");
  query.bind(1, game_id).bind(2, user_id);
  return query.step();
}

int Reviews::asked_since(std::int64_t user_id, std::chrono::system_clock::time_point since) const {
  auto query = db_.prepare("SELECT count(*) FROM reviews WHERE user_id = ? AND automatic = 0 AND asked_at >= ?");
  query.bind(1, user_id).bind(2, iso8601(since));
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::optional<WaitingReview> Reviews::next() const {
  auto query = db_.prepare(
      "SELECT id, game_id, user_id, automatic FROM reviews WHERE done_at IS NULL ORDER BY id LIMIT 1");
  if (!query.step()) return std::nullopt;
  return WaitingReview{query.column_int(0), query.column_int(1), query.column_int(2), query.column_int(3) != 0};
}

void Reviews::mark_done(std::int64_t id, std::chrono::system_clock::time_point now) {
  auto update = db_.prepare("UPDATE reviews SET done_at = ? WHERE id = ?");
  update.bind(1, iso8601(now)).bind(2, id);
  update.run();
}

void Reviews::forget_done_before(std::chrono::system_clock::time_point cutoff) {
  auto forget = db_.prepare("DELETE FROM reviews WHERE done_at IS NOT NULL AND done_at < ?");
  forget.bind(1, iso8601(cutoff));
  forget.run();
}

bool Reviews::automatic_for(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT reviews_auto FROM users WHERE id = ?");
  query.bind(1, user_id);
  return query.step() && query.column_int(0) != 0;
}

void Reviews::set_automatic(std::int64_t user_id, bool on) {
  auto update = db_.prepare("UPDATE users SET reviews_auto = ? WHERE id = ?");
  update.bind(1, static_cast<std::int64_t>(on ? 1 : 0)).bind(2, user_id);
  update.run();
}

}  // namespace pbem::server
