// Copies of a SQLite database for `pbem backup` and `pbem restore` (issue 58): made with
// SQLite's online backup API, so a copy taken while pbemd writes is one consistent state
// (everything committed before it began, nothing half-written), and checked before anyone
// relies on it. Only this file and sqlite_connection.cpp know SQLite's API.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "server/storage/migrations.h"

namespace pbem::server {

// Copies the database `from` (possibly in use by other processes) into a new file `to`
// (which must not exist), mode 0600, flushed to disk, as a single file in rollback-journal
// mode (no -wal beside it: one file to keep or move). Throws DatabaseError on failure,
// leaving no `to` behind.
void copy_sqlite_database(const std::filesystem::path& from, const std::filesystem::path& to);

// What is wrong with `file` as a pbem database, one sentence; nothing when it passes
// PRAGMA integrity_check, has pbem's migration history and a schema version that
// `migrations` (the program's own) knows. Opens it read-only and changes nothing.
std::optional<std::string> sqlite_copy_problem(const std::filesystem::path& file,
                                               std::span<const Migration> migrations);

// The schema version recorded in a checked copy (as schema_version()).
int sqlite_copy_schema_version(const std::filesystem::path& file);

// Puts the checked copy `copy` (made by copy_sqlite_database beside `database`, on the
// same file system) in place of `database`: the old database's WAL is checkpointed
// first, the copy renamed over it (atomic: a reader sees the old file or the new one),
// and what was left beside the old file (-wal, -shm) removed. The caller has made sure
// nothing serves `database`.
void replace_sqlite_database(const std::filesystem::path& copy, const std::filesystem::path& database);

}  // namespace pbem::server
