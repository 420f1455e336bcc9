#include "server/storage/blocks.h"

#include "server/support/clock.h"

namespace pbem::server {

bool Blocks::block(std::int64_t blocker, std::int64_t blocked) {
  auto insert = db_.prepare(
      "INSERT INTO blocks (blocker, blocked, created_at) VALUES (?, ?, ?) ON CONFLICT (blocker, blocked) DO NOTHING");
  insert.bind(1, blocker).bind(2, blocked).bind(3, now_iso8601());
  insert.run();
  return db_.changes() > 0;
}

bool Blocks::unblock(std::int64_t blocker, std::int64_t blocked) {
  auto remove = db_.prepare("DELETE FROM blocks WHERE blocker = ? AND blocked = ?");
  remove.bind(1, blocker).bind(2, blocked);
  remove.run();
  return db_.changes() > 0;
}

bool Blocks::blocks(std::int64_t blocker, std::int64_t blocked) const {
  auto query = db_.prepare("SELECT 1 FROM blocks WHERE blocker = ? AND blocked = ?");
  query.bind(1, blocker).bind(2, blocked);
  return query.step();
}

std::set<std::int64_t> Blocks::blockers_of(std::int64_t blocked) const {
  auto query = db_.prepare("SELECT blocker FROM blocks WHERE blocked = ?");
  query.bind(1, blocked);
  std::set<std::int64_t> blockers;
  while (query.step()) blockers.insert(query.column_int(0));
  return blockers;
}

std::vector<std::string> Blocks::blocked_by(std::int64_t blocker) const {
  auto query = db_.prepare(
      "SELECT u.userid FROM blocks b JOIN users u ON u.id = b.blocked WHERE b.blocker = ? ORDER BY u.userid");
  query.bind(1, blocker);
  std::vector<std::string> userids;
  while (query.step()) userids.push_back(query.column_text(0));
  return userids;
}

}  // namespace pbem::server
