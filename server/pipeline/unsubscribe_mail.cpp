#include "server/pipeline/unsubscribe_mail.h"

#include <algorithm>

#include "engine/registry.h"
#include "server/language/argument_reader.h"
#include "server/language/command_table.h"
#include "server/addresses/game_address.h"
#include "server/addresses/mail_addresses.h"
#include "server/replies/address_replies.h"
#include "server/storage/accounts.h"
#include "server/storage/server_secrets.h"

namespace pbem::server {

namespace {

bool is_game_type(const std::string& setting) {
  const auto& types = game_types();
  return std::any_of(types.begin(), types.end(), [&](const GameType& type) { return type.name == setting; });
}

bool is_known_setting(const std::string& setting) {
  return setting == kDigestSetting || setting == kAnnouncementsSetting || is_game_type(setting) || positive_number(setting).has_value();
}

std::optional<UnsubscribeMail> refusal(const std::string& address) {
  // The same words for every invalid address, so that they tell nothing of which part was
  // wrong (no such user, another user's token, an altered setting).
  return UnsubscribeMail{refused(refusal_text(address_refusal::NotAnUnsubscribeAddress{address}), address),
                         std::nullopt};
}

}  // namespace

std::optional<UnsubscribeMail> unsubscribe_mail(Database& db, const Config& config,
                                                const std::vector<std::string>& recipients) {
  const auto candidate = find_unsubscribe_address(config.server, recipients);
  if (!candidate) return std::nullopt;
  if (!is_known_setting(candidate->setting)) return refusal(candidate->address);
  const auto account = Accounts(db).find(candidate->userid);
  if (!account) return refusal(candidate->address);
  const std::string key = ServerSecrets(db).key(ServerSecrets::kGameAddress);
  if (!same_token(candidate->token, unsubscribe_address_token(key, candidate->setting, account->userid)))
    return refusal(candidate->address);
  Command command;
  command.spec = &command_named("list unsubscribe");
  command.userid = account->userid;
  command.words = {candidate->setting};
  // The address itself is left out of the log: it is the setting's credential.
  command.masked = ArgumentReader::server_text("(List-Unsubscribe of " + account->userid + ": " + candidate->setting + ")");
  UnsubscribeMail result;
  result.command.masked = command.masked;
  result.command.command = std::move(command);
  // No password generation: the address does not expire (addresses/mail_addresses.h).
  result.owner = AddressOwner{candidate->address, "", 0, account->id, account->userid, account->password_generation,
                              false};
  return result;
}

}  // namespace pbem::server
