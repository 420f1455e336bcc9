// A game's record as the files a mail carries: `<game>-<N>.sgf`
// (application/x-go-sgf; charset=UTF-8) and `<game>-<N>.json` (application/json).
#pragma once

#include <vector>

#include "mail/outgoing_message.h"
#include "server/records/record_source.h"

namespace pbem::server {

inline constexpr const char* kSgfContentType = "application/x-go-sgf; charset=UTF-8";
inline constexpr const char* kJsonContentType = "application/json";

// `<game>-<N>.sgf` alone: what a game-over mail carries.
mail::Attachment sgf_file(const RecordSource& source);
// The SGF file, then the JSON file.
std::vector<mail::Attachment> record_files(const RecordSource& source);

}  // namespace pbem::server
