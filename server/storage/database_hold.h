// Who serves a SQLite database: a process that serves it for long (pbemd) holds a shared
// lock on the file for its whole life, and `pbem restore` replaces the file only while it
// can take that lock exclusively, so no restore pulls the database from under a running
// daemon. A BSD flock(2) on a descriptor of its own: Linux keeps it apart from SQLite's
// POSIX locks. That descriptor stays open until the process ends its use of the database,
// because closing any descriptor of the file drops the process's POSIX locks on it.
// PostgreSQL needs none of this (its dump and restore are pg_dump's and pg_restore's).
#pragma once

#include <filesystem>

namespace pbem::server {

class DatabaseHold {
 public:
  enum class Kind { shared, exclusive };

  // Shared: waits for a restore under way to finish, then holds the file the path names
  // at that moment (a restore that renamed a new file in meanwhile is followed to it).
  // Exclusive: takes the lock only if nobody holds it; held() says whether it did.
  // A SQLite file that does not exist, or a PostgreSQL URI, is held trivially.
  DatabaseHold(const std::filesystem::path& database, Kind kind);
  DatabaseHold(const DatabaseHold&) = delete;
  DatabaseHold& operator=(const DatabaseHold&) = delete;
  ~DatabaseHold();

  bool held() const { return held_; }

 private:
  int fd_ = -1;
  bool held_ = false;
};

}  // namespace pbem::server
