#include "server/competition/competition_game.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"
#include "server/play/game_start.h"
#include "server/play/time_bank.h"

namespace pbem::server {

GameRecord create_competition_game(UnitOfWork& work, const GameTerms& terms, const tournament::Pairing& pairing) {
  const auto game = create_game(terms.type, split_words(terms.game_options));
  std::optional<TimeBank> bank;
  if (terms.time_bank) bank = parse_time_bank(*terms.time_bank);
  GameRecord record = work.records.create(terms.type, game->options_text(), pairing.first, pairing.second,
                                          work.config.server.domain(), terms.rated, terms.days_per_move, bank,
                                          terms.weekends_off);
  start_game(work, record);
  add_kind_watchers(work, record);
  return record;
}

void mail_competitor(UnitOfWork& work, std::int64_t user_id, const std::string& page, const std::string& subject,
                     const std::string& text) {
  const auto account = work.accounts.find_by_id(user_id);
  if (!account) return;
  Reply mail;
  mail.subject = subject;
  mail.text = text + web_link(work.config, page);
  mail.kind = MailKind::Game;
  work.mail_account(*account, mail);
}

}  // namespace pbem::server
