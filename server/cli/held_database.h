// The database of one `pbem` command, held shared for as long as it is open
// (storage/database_hold.h), as pbemd holds it: `pbem restore` refuses while an MTA's
// `pbem ingest`, a `pbem tick` or an operator's command has the file open, and such a
// command that starts during a restore waits for it and then opens the restored file, so no
// acknowledged message is written into a file that a restore has just replaced.
#pragma once

#include "server/storage/database.h"
#include "server/storage/database_hold.h"
#include "server/storage/migrations.h"
#include "server/support/config.h"

namespace pbem::server {

struct HeldDatabase {
  // Holds, opens and migrates `config.database`.
  explicit HeldDatabase(const Config& config)
      : hold(config.database, DatabaseHold::Kind::shared), db(config.database) {
    migrate(db);
  }
  // Declared first, so that it is let go only after the database is closed (closing any
  // descriptor of the file would drop SQLite's locks).
  DatabaseHold hold;
  Database db;
};

}  // namespace pbem::server
