// `list unsubscribe`: the command a mail to an unsubscribe address makes (the address and
// how intake finds it: mailing/mail_addresses.h, pipeline/unsubscribe_mail.h).
#include <optional>

#include "engine/text.h"
#include "mail/address.h"
#include "server/language/argument_reader.h"
#include "server/handlers/command_context.h"
#include "server/handlers/handlers.h"
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
  return "\nThe mail to it came from " + mail::shown_address(ctx.request.from) +
         ", which is not one of your addresses (a forwarded mail?). That address can only turn mail off.\n";
}

// Each returns the confirmation when it turned something off, nothing when it was off.

std::optional<Reply> digest_off(CommandContext& ctx, const Account& account) {
  if (!account.digest_hour) return std::nullopt;
  Digests(ctx.db).set(account.id, std::nullopt, std::nullopt);  // movemail back on with it
  Reply said;
  said.subject = "Digest off";
  said.text = "Your daily digest is off: a mail to its unsubscribe address (the List-Unsubscribe of your digest) "
              "turned it off. Board mails about every move come as before.\n\nTo have it again, send:\n    set " +
              account.userid + " <password> digest HH\n" + sent_by(ctx, account);
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
  std::string what = kind ? "watching every new " + title + " game" : "";
  if (!games.empty()) {
    std::vector<std::string> numbers;
    for (std::int64_t game : games) numbers.push_back("#" + std::to_string(game));
    what += (kind ? ", and " : "") + std::string("watching ") + join(numbers, ", ");
  }
  Reply said;
  said.subject = title + " games: no longer watching";
  said.text = account.userid + " no longer watches " + title + " games: a mail to the unsubscribe address of a " +
              title + " game's mail (its List-Unsubscribe) turned off " + what +
              ".\n\nTo watch every new game again, send:\n    " + type + " subscribe " + account.userid +
              " <password> all\nor one game:\n    " + type + " subscribe <board> " + account.userid + " <password>\n" +
              sent_by(ctx, account);
  return said;
}

std::optional<Reply> stop_watching_game(CommandContext& ctx, const Account& account, std::int64_t game) {
  if (!Watchers(ctx.db).stop(game, account.id)) return std::nullopt;
  const auto record = ctx.records.find(game);
  const std::string number = std::to_string(game);
  const std::string title = record ? game_title(record->type) + " #" + number : "game " + number;
  Reply said;
  said.subject = title + ": no longer watching";
  said.text = account.userid + " no longer watches " + title + ": a mail to the unsubscribe address of its mail " +
              "(its List-Unsubscribe) turned it off.\n" +
              (record ? "\nTo watch it again, send:\n    " + record->type + " subscribe " + number + " " +
                            account.userid + " <password>\n"
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
    throw CommandError("a setting is turned off so only by a mail to its unsubscribe address");
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
