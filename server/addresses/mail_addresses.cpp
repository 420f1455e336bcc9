#include "server/addresses/mail_addresses.h"

#include "engine/text.h"
#include "mail/address.h"
#include "server/addresses/game_address.h"
#include "server/storage/digests.h"
#include "server/storage/server_secrets.h"
#include "server/storage/watchers.h"

namespace pbem::server {

std::string player_game_address(Database& db, const Config& config, std::int64_t game, const std::string& userid,
                                int password_generation) {
  const std::string key = ServerSecrets(db).key(ServerSecrets::kGameAddress);
  return game_address(config.server, key, game, userid, password_generation);
}

std::string game_address_for_recipient(Database& db, const Config& config, std::int64_t game,
                                       const std::string& recipient) {
  const auto record = GameRecords(db).find(game);
  if (!record || !record->active) return "";  // a running game, or an invitation waiting for its answer
  const std::string wanted = mail::canonical_mailbox(recipient);
  Accounts accounts(db);
  for (std::int64_t id : record->players) {
    const auto account = accounts.find_by_id(id);
    if (!account) continue;
    for (const std::string& address : account->confirmed)
      if (mail::canonical_mailbox(address) == wanted)
        return player_game_address(db, config, game, account->userid, account->password_generation);
  }
  return "";
}

std::string digest_address(Database& db, const Config& config, const Account& account) {
  const std::string key = ServerSecrets(db).key(ServerSecrets::kGameAddress);
  const std::string token = digest_address_token(key, account.userid, account.password_generation);
  Digests(db).register_address(token, account.id, account.password_generation);
  const std::string& server = config.server.address;
  const auto at = server.rfind('@');
  return to_lower(server.substr(0, at)) + "+d-" + token + "@" + to_lower(server.substr(at + 1));
}

std::string unsubscribe_address_of(Database& db, const Config& config, const Account& account,
                                   std::string_view setting) {
  const std::string key = ServerSecrets(db).key(ServerSecrets::kGameAddress);
  return unsubscribe_address(config.server, key, setting, account.userid);
}

std::string watcher_unsubscribe_address(Database& db, const Config& config, const Account& watcher,
                                        const GameRecord& record) {
  const bool kind = Watchers(db).watches_kind(record.type, watcher.id);
  return unsubscribe_address_of(db, config, watcher, kind ? record.type : std::to_string(record.id));
}

}  // namespace pbem::server
