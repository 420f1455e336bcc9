#include "server/storage/moderation.h"

#include "server/support/clock.h"

namespace pbem::server {

void Suspensions::suspend(std::int64_t user_id, const Suspension& suspension) {
  db_.prepare(
         "INSERT INTO suspensions (user_id, reason, until, suspended_at) VALUES (?1, ?2, ?3, ?4) "
         "ON CONFLICT (user_id) DO UPDATE SET reason = ?2, until = ?3, suspended_at = ?4")
      .bind(1, user_id)
      .bind(2, suspension.reason)
      .bind(3, suspension.until)
      .bind(4, now_iso8601())
      .run();
}

bool Suspensions::lift(std::int64_t user_id) {
  db_.prepare("DELETE FROM suspensions WHERE user_id = ?").bind(1, user_id).run();
  return db_.changes() > 0;
}

std::optional<Suspension> Suspensions::in_force(std::int64_t user_id, const std::string& now) const {
  auto query = db_.prepare("SELECT reason, until FROM suspensions WHERE user_id = ? AND (until IS NULL OR until > ?)");
  query.bind(1, user_id).bind(2, now);
  if (!query.step()) return std::nullopt;
  return Suspension{query.column_text(0), query.column_optional_text(1)};
}

void OperatorAudit::add(const std::string& operator_name, const std::string& action,
                        std::optional<std::int64_t> user_id, std::optional<std::int64_t> game_id,
                        const std::string& reason) {
  db_.prepare("INSERT INTO operator_audit (at, operator, action, user_id, game_id, reason) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, now_iso8601())
      .bind(2, operator_name)
      .bind(3, action)
      .bind(4, user_id)
      .bind(5, game_id)
      .bind(6, reason)
      .run();
}

std::vector<AuditEntry> OperatorAudit::all() const {
  auto query = db_.prepare(
      "SELECT a.id, a.at, a.operator, a.action, u.userid, a.game_id, a.reason FROM operator_audit a "
      "LEFT JOIN users u ON u.id = a.user_id ORDER BY a.id");
  std::vector<AuditEntry> entries;
  while (query.step())
    entries.push_back({query.column_int(0), query.column_text(1), query.column_text(2), query.column_text(3),
                       query.column_optional_text(4), query.column_optional_int(5), query.column_text(6)});
  return entries;
}

bool Reports::reported_since(std::int64_t reporter, std::int64_t reported, const std::string& since) const {
  auto query = db_.prepare(
      "SELECT 1 FROM reports WHERE reporter_id = ? AND reported_id = ? AND created_at >= ? LIMIT 1");
  query.bind(1, reporter).bind(2, reported).bind(3, since);
  return query.step();
}

void Reports::add(std::int64_t reporter, std::int64_t reported, std::optional<std::int64_t> game_id) {
  db_.prepare("INSERT INTO reports (reporter_id, reported_id, game_id, created_at) VALUES (?, ?, ?, ?)")
      .bind(1, reporter)
      .bind(2, reported)
      .bind(3, game_id)
      .bind(4, now_iso8601())
      .run();
}

}  // namespace pbem::server
