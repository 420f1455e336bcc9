// The JSON record, "format": "pbem-record/1" (server.md "Game records", docs/records.md):
// the one machine format of a game, written from a RecordSource without reading anything.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "server/records/record_source.h"

namespace pbem::server {

// The record as one object, its fields in the documented order.
nlohmann::ordered_json json_record(const RecordSource& source);
// The same as the text of a `<game>-<N>.json` file.
std::string json_record_text(const RecordSource& source);

}  // namespace pbem::server
