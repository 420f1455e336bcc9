#include "server/pipeline/game_over_record.h"

#include "server/competition/registry.h"
#include "server/records/record_files.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"

namespace pbem::server {

std::vector<mail::Attachment> game_over_record(Database& db, const Config& config, std::int64_t game_id,
                                               std::int64_t player) {
  const auto account = Accounts(db).find_by_id(player);
  if (!account || !account->records) return {};
  const auto game = GameRecords(db).find(game_id);
  if (!game || game->invitation) return {};
  return {sgf_file(record_source(db, competitions(), *game, config.server.address, player))};
}

}  // namespace pbem::server
