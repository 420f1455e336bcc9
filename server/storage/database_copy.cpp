#include "server/storage/database_copy.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <stdexcept>

namespace pbem::server {

namespace {

// Every table of the schema, parents before the tables that refer to them. A table added
// by a later migration must be added here too (the copy refuses a schema it does not cover).
constexpr const char* kTables[] = {
    "users",         "addresses",       "games",      "moves",         "inbox",
    "outbox",        "outbox_texts",    "password_failures", "address_confirmations", "ratings", "rating_changes",
    "server_secrets", "vacations",      "proposals",  "takebacks",     "watchers",
    "kind_watchers", "conditional_moves", "tournaments", "tournament_entrants", "tournament_games",
    "tournament_byes", "digest_addresses", "metric_counts", "leagues", "league_members", "league_places",
    "league_games", "ladders", "ladder_rungs", "ladder_games", "blocks", "game_events", "event_consumers",
    "suspensions", "operator_audit", "reports", "notes", "account_codes",
    "erased_userids", "reviews"};
// Tables whose id the target numbers itself (identity columns): they continue after the
// copied ids.
constexpr const char* kIdentityTables[] = {"users", "games", "inbox", "outbox", "vacations", "proposals",
                                        "tournaments", "leagues", "ladders", "operator_audit", "reports", "notes",
                                        "account_codes", "reviews"};
// The event queue's ids go on after every id SQLite ever gave (AUTOINCREMENT keeps the
// highest in sqlite_sequence): retention may have deleted the newest events, and a
// consumer's cursor must never meet an id it has passed again.
void continue_event_ids(Database& from, Database& to) {
  auto highest = from.prepare("SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'game_events'");
  highest.step();
  to.prepare("SELECT setval(pg_get_serial_sequence('game_events', 'id'), ?, false)")
      .bind(1, highest.column_int(0) + 1)
      .run();
}

std::int64_t count_rows(Database& db, const std::string& table) {
  auto query = db.prepare("SELECT count(*) FROM " + table);
  query.step();
  return query.column_int(0);
}

std::vector<std::string> sqlite_tables(Database& db) {
  std::vector<std::string> names;
  auto query = db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
      "AND name <> 'schema_migrations' ORDER BY name");
  while (query.step()) names.push_back(query.column_text(0));
  return names;
}

void bind_value(Statement& insert, int index, const Statement& row, int column) {
  switch (row.column_type(column)) {
    case ColumnType::integer: insert.bind(index, row.column_int(column)); break;
    case ColumnType::real: insert.bind(index, row.column_double(column)); break;
    case ColumnType::blob: insert.bind_blob(index, row.column_blob(column)); break;
    case ColumnType::null: insert.bind(index, nullptr); break;
    case ColumnType::text: insert.bind(index, row.column_text(column)); break;
  }
}

std::int64_t copy_table(Database& from, Database& to, const std::string& table) {
  // In insertion order: tables read "in the order written" (ORDER BY rowid) keep it.
  auto rows = from.prepare("SELECT * FROM " + table + " ORDER BY rowid");
  std::optional<Statement> insert;
  std::int64_t copied = 0;
  while (rows.step()) {
    if (!insert) {
      std::string columns, parameters;
      for (int c = 0; c < rows.column_count(); ++c) {
        columns += (c ? ", " : "") + rows.column_name(c);
        parameters += c ? ", ?" : "?";
      }
      insert.emplace(to.prepare("INSERT INTO " + table + " (" + columns + ") VALUES (" + parameters + ")"));
    }
    for (int c = 0; c < rows.column_count(); ++c) bind_value(*insert, c + 1, rows, c);
    insert->run();
    ++copied;
  }
  return copied;
}

}  // namespace

std::vector<CopiedTable> copy_database(Database& from, Database& to) {
  if (from.dialect() != Dialect::sqlite || to.dialect() != Dialect::postgresql)
    throw std::runtime_error("migrate-to copies a SQLite database into a PostgreSQL one");
  const std::vector<std::string> known(std::begin(kTables), std::end(kTables));
  std::vector<std::string> sorted_known = known;
  std::sort(sorted_known.begin(), sorted_known.end());
  if (sqlite_tables(from) != sorted_known)
    throw std::logic_error("the tables of " + from.file().string() + " are not the ones migrate-to copies");

  // The source's write lock for the whole copy: a pbemd or ingest still running on it
  // waits (or gets busy) instead of adding rows the copy would miss. Rolled back: read only.
  Transaction source_snapshot(from);
  Transaction transaction(to);
  // The event queue's cursors are the one table migrations fill themselves (schema 039
  // makes the reviews' consumer): the source's cursors replace them, a fresh target's
  // holding no other row.
  if (count_rows(to, "game_events") == 0) to.exec("DELETE FROM event_consumers");
  for (const std::string& table : known) {
    if (count_rows(to, table) != 0)
      throw std::runtime_error("table " + table + " of " + to.file().string() +
                               " already holds rows: migrate-to only fills an empty database");
  }
  std::vector<CopiedTable> copied;
  for (const std::string& table : known) copied.push_back({table, copy_table(from, to, table)});
  for (const char* table : kIdentityTables) {
    to.prepare(std::string("SELECT setval(pg_get_serial_sequence('") + table + "', 'id'), coalesce(max(id), 0) + 1, " +
               "false) FROM " + table)
        .run();
  }
  continue_event_ids(from, to);
  for (const CopiedTable& table : copied) {
    const std::int64_t source = count_rows(from, table.name);
    const std::int64_t target = count_rows(to, table.name);
    if (source != table.rows || target != table.rows)
      throw std::runtime_error("table " + table.name + ": " + std::to_string(source) + " rows in " +
                               from.file().string() + ", " + std::to_string(target) + " copied; nothing kept");
  }
  transaction.commit();
  return copied;
}

}  // namespace pbem::server
