// /games/N.sgf and /games/N.json (server.md "Game records"): a started game's public
// record, the same files a `record` mail attaches, without any player's private notes.
#include "server/competition/registry.h"
#include "server/records/json_record.h"
#include "server/records/record_files.h"
#include "server/records/sgf_record.h"
#include "server/storage/game_records.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

std::optional<WebResponse> record_file(Database& db, const Config& config, std::int64_t id, RecordFormat format) {
  const auto game = GameRecords(db).find(id);
  if (!game || game->invitation) return std::nullopt;  // an invitation has no record yet
  const RecordSource source = record_source(db, competitions(), *game, config.server.address);
  WebResponse response;
  if (format == RecordFormat::Sgf) {
    response.content_type = kSgfContentType;
    response.body = sgf_record(source);
  } else {
    response.content_type = kJsonContentType;
    response.body = json_record_text(source);
  }
  return response;
}

}  // namespace pbem::server::web
