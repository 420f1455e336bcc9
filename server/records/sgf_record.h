// The SGF record (server.md "Game records", docs/records.md): Little Golem's practice for
// games with no SGF game number (no GM property), one node per board ply, `B` for the
// player who moved first and `W` for the other whatever their colours are called, the
// notes its reader may see as C[] on the node of the ply they were written after.
#pragma once

#include <string>
#include <string_view>

#include "server/records/record_source.h"

namespace pbem::server {

// An SGF property value's text with `]` and `\` escaped by `\` (SGF FF[4] SimpleText/Text).
std::string sgf_escaped(std::string_view text);
// The RE value of a result: "B+", "W+R", "Void", ...; empty while the game runs.
std::string sgf_result(const RecordSource& source);
// One game tree "(;FF[4]...)" and a newline: the text of `<game>-<N>.sgf`, and one tree of
// a collection.
std::string sgf_record(const RecordSource& source);

}  // namespace pbem::server
