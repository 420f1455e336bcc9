#include "server/storage/inbox.h"

#include <nlohmann/json.hpp>

#include "server/support/clock.h"

namespace pbem::server {

std::optional<KnownMessage> Inbox::find_copy(const std::string& sha256, const std::string& message_id,
                                             const std::string& origin) const {
  auto query = db_.prepare(
      "SELECT id, state FROM inbox WHERE digest = ?1 OR (?2 != '' AND message_id = ?2 AND origin = ?3) "
      "ORDER BY id LIMIT 1");
  query.bind(1, sha256).bind(2, message_id).bind(3, origin);
  if (!query.step()) return std::nullopt;
  return KnownMessage{query.column_int(0), query.column_text(1) == "received"};
}

std::int64_t Inbox::add(const std::string& sha256, const std::string& message_id,
                        const std::optional<std::string>& envelope_from, const std::vector<std::string>& envelope_to,
                        std::string_view raw, const std::string& origin) {
  auto insert = db_.prepare(
      "INSERT INTO inbox (digest, message_id, envelope_from, raw, state, received_at, origin, envelope_to) "
      "VALUES (?, ?, ?, ?, 'received', ?, ?, ?)");
  insert.bind(1, sha256);
  if (message_id.empty()) insert.bind(2, nullptr);
  else insert.bind(2, message_id);
  insert.bind(3, envelope_from).bind_blob(4, raw).bind(5, now_iso8601()).bind(6, origin);
  if (envelope_to.empty()) insert.bind(7, nullptr);
  else insert.bind(7, nlohmann::json(envelope_to).dump());
  insert.run();
  return db_.last_insert_id();
}

std::optional<InboxRow> Inbox::load(std::int64_t id) const {
  auto query = db_.prepare("SELECT id, state, envelope_from, raw, message_id, envelope_to, digest FROM inbox WHERE id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  InboxRow row;
  row.id = query.column_int(0);
  row.state = query.column_text(1);
  row.envelope_from = query.column_optional_text(2);
  row.raw = query.column_is_null(3) ? "" : query.column_blob(3);
  row.message_id = query.column_optional_text(4).value_or("");
  row.sha256 = query.column_text(6);
  if (auto recipients = query.column_optional_text(5)) {
    // Written by add() above; anything else there is ignored rather than fatal.
    auto parsed = nlohmann::json::parse(*recipients, nullptr, false);
    if (parsed.is_array())
      for (const auto& item : parsed)
        if (item.is_string()) row.envelope_to.push_back(item.get<std::string>());
  }
  return row;
}

bool Inbox::still_pending(std::int64_t id) const {
  auto state = db_.prepare("SELECT state FROM inbox WHERE id = ?");
  state.bind(1, id);
  return state.step() && state.column_text(0) == "received";
}

std::vector<std::int64_t> Inbox::pending() const {
  std::vector<std::int64_t> ids;
  auto query = db_.prepare("SELECT id FROM inbox WHERE state = 'received' ORDER BY id");
  while (query.step()) ids.push_back(query.column_int(0));
  return ids;
}

void Inbox::finish(std::int64_t id, const std::string& state, const std::string& sender,
                   const std::string& masked_command, const std::string& outcome) {
  auto update = db_.prepare(
      "UPDATE inbox SET state = ?, sender = ?, command = ?, outcome = ?, raw = NULL, processed_at = ? WHERE id = ?");
  update.bind(1, state).bind(2, sender).bind(3, masked_command).bind(4, outcome).bind(5, now_iso8601()).bind(6, id);
  update.run();
}

bool Inbox::has_processed_by(std::chrono::system_clock::time_point processed_by) const {
  auto query = db_.prepare(
      "SELECT 1 FROM inbox WHERE processed_at IS NOT NULL AND processed_at <= ? AND state <> 'received' "
      "AND id < (SELECT max(id) FROM inbox) LIMIT 1");
  query.bind(1, iso8601(processed_by));
  return query.step();
}

int Inbox::forget_processed(std::chrono::system_clock::time_point processed_by, int limit) {
  const std::string by = iso8601(processed_by);
  if (limit <= 0) return 0;
  // The batch, in the order of the index inbox_processed (schema 018); both statements see
  // the same rows, since the caller's transaction holds the write lock.
  constexpr const char* batch =
      "SELECT id FROM inbox WHERE processed_at IS NOT NULL AND processed_at <= ?1 AND state <> 'received' "
      "AND id < (SELECT max(id) FROM inbox) ORDER BY processed_at, id LIMIT ?2";
  auto unlink = db_.prepare(std::string("UPDATE outbox SET inbox_id = NULL WHERE inbox_id IN (") + batch + ")");
  unlink.bind(1, by).bind(2, limit);
  unlink.run();
  auto remove = db_.prepare(std::string("DELETE FROM inbox WHERE id IN (") + batch + ")");
  remove.bind(1, by).bind(2, limit);
  remove.run();
  return db_.changes();
}

}  // namespace pbem::server
