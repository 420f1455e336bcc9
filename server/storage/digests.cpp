#include "server/storage/digests.h"

namespace pbem::server {

void Digests::set(std::int64_t user_id, std::optional<int> hour, const std::optional<std::string>& next_at) {
  auto update = db_.prepare(hour ? "UPDATE users SET digest_hour = ?, digest_next_at = ? WHERE id = ?"
                                 : "UPDATE users SET digest_hour = ?, digest_next_at = ?, movemail = 1 WHERE id = ?");
  if (hour) update.bind(1, *hour).bind(2, *next_at);
  else update.bind(1, nullptr).bind(2, nullptr);
  update.bind(3, user_id);
  update.run();
}

void Digests::set_movemail(std::int64_t user_id, bool on) {
  auto update = db_.prepare("UPDATE users SET movemail = ? WHERE id = ?");
  update.bind(1, on ? 1 : 0).bind(2, user_id);
  update.run();
}

std::vector<std::int64_t> Digests::due(const std::string& now_iso) const {
  auto query = db_.prepare(
      "SELECT id FROM users WHERE digest_next_at IS NOT NULL AND digest_next_at <= ? ORDER BY digest_next_at, id");
  query.bind(1, now_iso);
  std::vector<std::int64_t> ids;
  while (query.step()) ids.push_back(query.column_int(0));
  return ids;
}

std::optional<std::string> Digests::next_at(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT digest_next_at FROM users WHERE id = ?");
  query.bind(1, user_id);
  if (!query.step()) return std::nullopt;
  return query.column_optional_text(0);
}

bool Digests::move_on(std::int64_t user_id, const std::string& from, const std::string& to) {
  auto update = db_.prepare("UPDATE users SET digest_next_at = ? WHERE id = ? AND digest_next_at = ?");
  update.bind(1, to).bind(2, user_id).bind(3, from);
  update.run();
  return db_.changes() == 1;
}

void Digests::register_address(const std::string& token, std::int64_t user_id, int password_generation) {
  db_.prepare(
        "INSERT INTO digest_addresses (token, user_id, password_generation) VALUES (?, ?, ?) "
        "ON CONFLICT (token) DO NOTHING")
      .bind_all(token, user_id, password_generation)
      .run();
}

std::optional<Digests::AddressOwner> Digests::address_owner(const std::string& token) const {
  auto query = db_.prepare("SELECT user_id, password_generation FROM digest_addresses WHERE token = ?");
  query.bind(1, token);
  if (!query.step()) return std::nullopt;
  return AddressOwner{query.column_int(0), static_cast<int>(query.column_int(1))};
}

}  // namespace pbem::server
