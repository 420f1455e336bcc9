// The database file's free space. On SQLite, the pages of deleted rows go to the file's
// freelist, where new rows reuse them; with incremental auto-vacuum (every database this
// program creates, and an older one after `pbem init`) they can also be given back to the
// file system, so the file shrinks. On PostgreSQL, autovacuum marks the space of deleted
// rows free for the table's new rows; there is nothing to do here.
#pragma once

#include <cstdint>

#include "server/storage/database.h"

namespace pbem::server {

class FileSpace {
 public:
  explicit FileSpace(Database& db) : db_(db) {}

  // SQLite with auto_vacuum = INCREMENTAL: free pages can be given back.
  bool can_shrink() const;
  // Pages on SQLite's freelist (0 on PostgreSQL).
  std::int64_t free_pages() const;
  // Gives at most `pages` free pages back to the file system (PRAGMA incremental_vacuum,
  // which moves pages from the end of the file into free ones and truncates it) and
  // returns how many; 0 where can_shrink() is false. A write: call it in a transaction
  // (the file itself shrinks when the write-ahead log is next checkpointed).
  int shrink(int pages);
  // Turns incremental auto-vacuum on for a SQLite database made without it (by a pbem
  // before schema 018): one VACUUM, which rewrites the whole file and needs free disk space
  // of about its size; outside any transaction. False when there is nothing to do
  // (already on, or PostgreSQL).
  bool enable_shrinking();

 private:
  Database& db_;
};

}  // namespace pbem::server
