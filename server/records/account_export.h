// The file `export userid password` mails, `<userid>-data.json`, "format": "pbem-export/1"
// (spec "Accounts you cannot lose, and can leave"; docs/export.md, field by field):
// everything the server keeps about one account, its games as their pbem-record/1 records.
// Read in the caller's transaction, every list a page at a time (storage/account_data.h).
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "server/storage/database.h"

namespace pbem::server {

class Competitions;

inline constexpr const char* kExportFormat = "pbem-export/1";

// The export of user `user_id`, its fields in the documented order; `exported_at` is when
// (ISO 8601 UTC), `server_address` the server's mail address (as in each record).
nlohmann::ordered_json account_export(Database& db, const Competitions& competitions, std::int64_t user_id,
                                      const std::string& server_address, const std::string& exported_at);
// The same as the text of `<userid>-data.json`.
std::string account_export_text(Database& db, const Competitions& competitions, std::int64_t user_id,
                                const std::string& server_address, const std::string& exported_at);

}  // namespace pbem::server
