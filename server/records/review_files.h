// The computer's review of a finished game as the files its mail carries (server.md "The
// computer's review of a finished game", docs/records.md "Reviews"):
// `<game>-<N>-review.json` ("format": "pbem-review/1") and `<game>-<N>-review.sgf`, the
// record with each ply's chance in C[] and the computer's preferred ply at each turning
// point as a variation.
#pragma once

#include <string>
#include <vector>

#include "engine/bot/review.h"
#include "mail/outgoing_message.h"
#include "server/records/record_source.h"

namespace pbem::server {

std::string review_json(const RecordSource& source, const bot::Review& review);
std::string review_sgf(const RecordSource& source, const bot::Review& review);
// The JSON file, then the SGF file.
std::vector<mail::Attachment> review_files(const RecordSource& source, const bot::Review& review);

}  // namespace pbem::server
