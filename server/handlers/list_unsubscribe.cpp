// `list unsubscribe`: the command a mail to an unsubscribe address makes (the address and
// how intake finds it: addresses/mail_addresses.h, pipeline/unsubscribe_mail.h).
#include <optional>

#include "mail/address.h"
#include "server/language/argument_reader.h"
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/addresses/mail_addresses.h"
#include "server/mailing/moderation_text.h"
#include "server/replies/watch_replies.h"
#include "server/storage/digests.h"
#include "server/storage/watchers.h"

namespace pbem::server {

namespace {

// "(The mail came from ...)" when someone else's address sent it: the owner learns that
// their unsubscribe address is in other hands (a forwarded mail?).
std::string sent_by(const CommandContext& ctx, const Account& account) {
  if (ctx.request.from.empty() || CommandContext::is_address_of(account, ctx.request.from)) return "";
  return unsubscribed_from_other_address(mail::shown_address(ctx.request.from));
}

// Each returns the confirmation when it turned something off, nothing when it was off.

Reply said_with(ReplyWords words, const std::string& sent_by) {
  Reply said;
  said.subject = std::move(words.subject);
  said.text = std::move(words.text) + sent_by;
  return said;
}

std::optional<Reply> digest_off(CommandContext& ctx, const Account& account) {
  if (!account.digest_hour) return std::nullopt;
  Digests(ctx.db).set(account.id, std::nullopt, std::nullopt);  // movemail back on with it
  return said_with(digest_unsubscribed(account.userid), sent_by(ctx, account));
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
  return said_with(unwatched_kind(account.userid, type, kind, games), sent_by(ctx, account));
}

std::optional<Reply> stop_watching_game(CommandContext& ctx, const Account& account, std::int64_t game) {
  if (!Watchers(ctx.db).stop(game, account.id)) return std::nullopt;
  const auto record = ctx.records.find(game);
  Reply said = said_with(unwatched_game(account.userid, game, record), sent_by(ctx, account));
  if (record) said.about_game(record->id, record->thread_id);
  return said;
}

}  // namespace

namespace handlers {

void list_unsubscribe(CommandContext& ctx, const Command& c) {
  // Only intake makes this command, for a mail to a valid unsubscribe address of c.userid.
  if (ctx.request.authenticated_userid != c.userid)
    throw CommandError(refusal_text(watch_refusal::UnsubscribeOnlyByMail{}));
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
