// A read-only snapshot for one answer of the HTTP server: every query of a page (or of a
// scrape of /metrics) sees the same moment. SQLite: a deferred transaction (WAL: never
// blocks the writer); PostgreSQL: repeatable read.
#pragma once

#include "server/storage/database.h"

namespace pbem::server::web {

class ReadTransaction {
 public:
  explicit ReadTransaction(Database& db) : db_(db) {
    db_.exec(db_.dialect() == Dialect::postgresql ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
  }
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;
  ~ReadTransaction() {
    try {
      db_.exec("ROLLBACK");  // nothing was written; ending it is all
    } catch (const std::exception&) {
      // The connection is broken; the next request's BEGIN reports it.
    }
  }

 private:
  Database& db_;
};

}  // namespace pbem::server::web
