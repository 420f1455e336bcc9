// `list unsubscribe`: the command a mail to an unsubscribe address makes (the address and
// how intake finds it: mailing/mail_addresses.h, pipeline/unsubscribe_mail.h).
#include <optional>

#include "engine/text.h"
#include "mail/address.h"
#include "server/language/argument_reader.h"
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/mail_addresses.h"
#include "server/mailing/moderation_text.h"
#include "server/mailing/reply_format.h"
#include "server/storage/digests.h"
#include "server/storage/watchers.h"

namespace pbem::server {

namespace {

// "(The mail came from ...)" when someone else's address sent it: the owner learns that
// their unsubscribe address is in other hands (a forwarded mail?).
std::string sent_by(const CommandContext& ctx, const Account& account) {
  if (ctx.request.from.empty() || CommandContext::is_address_of(account, ctx.request.from)) return "";
  return text(Msg::UnsubscribedFromOtherAddress, {{"address", mail::shown_address(ctx.request.from)}});
}

// Each returns the confirmation when it turned something off, nothing when it was off.

std::optional<Reply> digest_off(CommandContext& ctx, const Account& account) {
  if (!account.digest_hour) return std::nullopt;
  Digests(ctx.db).set(account.id, std::nullopt, std::nullopt);  // movemail back on with it
  Reply said;
  said.subject = text(Msg::DigestOffSubject);
  said.text = text(Msg::DigestUnsubscribed, {{"userid", account.userid}}) + sent_by(ctx, account);
  return said;
}

std::optional<Reply> announcements_off(CommandContext& ctx, const Account& account) {
  if (!account.announcements) return std::nullopt;
  ctx.accounts.set_announcements(account, false);
  Reply said = announcements_off_notice(account.userid);
  said.text += sent_by(ctx, account);
  return said;
}

std::optional<Reply> stop_watching_kind(CommandContext& ctx, const Account& account, const std::string& type) {
  Watchers watchers(ctx.db);
  const bool kind = watchers.stop_kind(type, account.id);
  const std::vector<std::int64_t> games = watchers.stop_games_of_kind(type, account.id);
  if (!kind && games.empty()) return std::nullopt;
  const std::string title = game_title(type);
  std::vector<std::string> numbers;
  for (std::int64_t game : games) numbers.push_back(text(Msg::UnwatchedGameNumber, {{"game", game}}));
  const std::string listed = join(numbers, ", ");
  const std::string what = games.empty() ? text(Msg::UnwatchedKind, {{"title", title}})
                           : kind        ? text(Msg::UnwatchedKindAndGames, {{"title", title}, {"games", listed}})
                                         : text(Msg::UnwatchedGames, {{"games", listed}});
  Reply said;
  said.subject = text(Msg::UnwatchedKindSubject, {{"title", title}});
  said.text = text(Msg::UnwatchedKindText, {{"userid", account.userid}, {"title", title}, {"what", what}, {"type", type}}) +
              sent_by(ctx, account);
  return said;
}

std::optional<Reply> stop_watching_game(CommandContext& ctx, const Account& account, std::int64_t game) {
  if (!Watchers(ctx.db).stop(game, account.id)) return std::nullopt;
  const auto record = ctx.records.find(game);
  const std::string title = record ? text(Msg::GameSubject, {{"title", game_title(record->type)}, {"game", game}})
                                   : text(Msg::UnwatchedUnknownGame, {{"game", game}});
  Reply said;
  said.subject = text(Msg::UnwatchedGameSubject, {{"name", title}});
  said.text = text(Msg::UnwatchedGame, {{"userid", account.userid}, {"name", title}}) +
              (record ? text(Msg::WatchAgain, {{"type", record->type}, {"game", game}, {"userid", account.userid}})
                      : std::string()) +
              sent_by(ctx, account);
  if (record) said.about_game(record->id, record->thread_id);
  return said;
}

}  // namespace

namespace handlers {

void list_unsubscribe(CommandContext& ctx, const Command& c) {
  // Only intake makes this command, for a mail to a valid unsubscribe address of c.userid.
  if (ctx.request.authenticated_userid != c.userid)
    throw CommandError(text(Msg::UnsubscribeOnlyByMailRefusal));
  const Account account = ctx.existing_account(c.userid);
  const std::string& setting = c.words.at(0);
  std::optional<Reply> said;
  if (setting == kDigestSetting) said = digest_off(ctx, account);
  else if (setting == kAnnouncementsSetting) said = announcements_off(ctx, account);
  else if (const auto game = positive_number(setting)) said = stop_watching_game(ctx, account, *game);
  else said = stop_watching_kind(ctx, account, setting);
  if (!said) {
    // Once: the first mail said so; a second (a button pressed twice, a forwarded copy)
    // mails nobody, so that the address cannot be used to fill the user's mailbox.
    ctx.out.summary = setting + " already off for " + account.userid + " (List-Unsubscribe): nothing sent";
    return;
  }
  ctx.out.summary = setting + " off for " + account.userid + " (List-Unsubscribe)";
  // To the account's confirmed addresses, never to the sender, who may be anyone.
  said->kind = MailKind::Notice;
  ctx.mail_account(account, *said);
}

}  // namespace handlers
}  // namespace pbem::server
