#include "server/storage/file_space.h"

#include <string>

namespace pbem::server {

namespace {

constexpr std::int64_t kIncremental = 2;  // PRAGMA auto_vacuum: 0 none, 1 full, 2 incremental

std::int64_t pragma_int(Database& db, const char* pragma) {
  auto query = db.prepare(pragma);
  return query.step() ? query.column_int(0) : 0;
}

}  // namespace

bool FileSpace::can_shrink() const {
  return db_.dialect() == Dialect::sqlite && pragma_int(db_, "PRAGMA auto_vacuum") == kIncremental;
}

std::int64_t FileSpace::free_pages() const {
  return db_.dialect() == Dialect::sqlite ? pragma_int(db_, "PRAGMA freelist_count") : 0;
}

int FileSpace::shrink(int pages) {
  if (pages <= 0 || !can_shrink()) return 0;
  const std::int64_t before = free_pages();
  if (before == 0) return 0;
  // The pragma takes no parameter; one constant text, so one cached statement. It gives
  // back one page per step.
  auto vacuum = db_.prepare("PRAGMA incremental_vacuum(" + std::to_string(pages) + ")");
  vacuum.run();
  return static_cast<int>(before - free_pages());
}

bool FileSpace::enable_shrinking() {
  if (db_.dialect() != Dialect::sqlite || can_shrink()) return false;
  db_.exec("PRAGMA auto_vacuum = INCREMENTAL");
  db_.exec("VACUUM");
  return can_shrink();
}

}  // namespace pbem::server
