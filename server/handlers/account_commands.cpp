// Account commands: signup, confirm, change, signoff, list, message, all show.
#include <algorithm>
#include <functional>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/address.h"
#include "mail/text_wrap.h"
#include "server/support/clock.h"
#include "server/play/challenge_options.h"
#include "server/context/command_context.h"
#include "server/handlers/digest.h"
#include "server/context/mail_allowance.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/catalogue/catalogue.h"
#include "server/storage/reviews.h"
#include "server/mailing/competition_text.h"

#include "server/mailing/invitation_text.h"
#include "server/mailing/moderation_text.h"
#include "server/mailing/reply_format.h"
#include "server/ratings/rating_text.h"
#include "server/storage/account_erasure.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"

namespace pbem::server {

namespace {

// Accounts one canonical sender mailbox may make in 24 hours (spec: "Limits, second round").
constexpr int kAccountsPerMailboxPerDay = 3;

// A notice to an account's previous addresses that its password or addresses changed, so a
// takeover cannot go unnoticed. Never quotes the command (it holds the password). Not
// `limited`: a security notice must not be suppressed by the reply limit.
void notify_old_addresses(const std::vector<std::string>& old_addresses, const std::string& already_answered,
                          const std::string& server_name, const std::string& userid, const std::string& what,
                          const Request& r, Outcome& out) {
  for (const std::string& address : old_addresses) {
    if (address == already_answered) continue;  // the sender's own confirmation says it
    Reply notice;
    notice.to = address;
    notice.subject = text(Msg::SecurityNoticeSubject, {{"what", what}, {"userid", userid}});
    notice.kind = MailKind::Notice;  // security notices are never held back by the reply limit
    notice.text = text(Msg::SecurityNotice, {{"what", what},
                                             {"server", server_name},
                                             {"userid", userid},
                                             {"at", now_iso8601()},
                                             {"from", mail::shown_address(r.from)}});
    out.replies.push_back(notice);
  }
}

// The notes on confirmations a welcome or an address change carries, set off by a blank line.
std::string notes_of(const std::string& notes) {
  return notes.empty() ? "" : text(Msg::WelcomeNotes, {{"notes", notes}});
}

}  // namespace

namespace handlers {

void signup(CommandContext& ctx, const Command& c) {
  // An erased account's userid stays taken for ever, in the same words (erased_userids),
  // and `deleted` is what records and the web call an erased player.
  if (ctx.accounts.find(c.userid) || c.userid == kDeletedUserid || AccountErasure(ctx.db).userid_erased(c.userid))
    throw CommandError(text(Msg::UseridTakenRefusal, {{"userid", c.userid}}), CommandContext::usage(c));
  // "any" stands for anyone in a challenge (an open invitation): never a userid.
  if (c.userid == kAnyone) throw CommandError(text(Msg::UseridAnyRefusal), CommandContext::usage(c));
  // Kept for the computer opponent, whose account is made when it is first challenged.
  if (c.userid == ctx.config.bot.userid)
    throw CommandError(text(Msg::UseridOfComputerRefusal, {{"userid", c.userid}}), CommandContext::usage(c));
  // A flood of signups cannot take userids by the dozen or spend the server's hourly
  // confirmation requests: one account per mail, three a day per sending mailbox.
  if (ctx.request.allowance && ctx.request.allowance->account_created())
    throw CommandError(Refusal::limit, text(Msg::OneAccountPerMailRefusal));
  const std::string mailbox = mail::canonical_mailbox(ctx.request.from);
  if (ctx.accounts.signups_since(mailbox, iso8601(std::chrono::system_clock::now() - std::chrono::hours(24))) >=
      kAccountsPerMailboxPerDay)
    throw CommandError(Refusal::limit, text(Msg::AccountsPerDayRefusal, {{"most", kAccountsPerMailboxPerDay}}));
  auto addresses = ctx.addresses_or_sender(c.words);
  Account account = ctx.accounts.create(c.userid, c.password, addresses, mailbox);
  ctx.out.created_account = true;
  ctx.out.summary = "signed up " + c.userid;
  std::string welcome = text(Msg::WelcomeText, {{"server", ctx.config.server.name},
                                                {"userid", c.userid},
                                                {"addresses", join(addresses, "\n    ")}});
  const auto requests = ctx.request_confirmations(account, addresses, welcome);
  welcome += notes_of(requests.notes) + text(Msg::WelcomeEnd, {{"userid", c.userid}});
  Reply reply = ctx.to_sender(text(Msg::WelcomeSubject, {{"userid", c.userid}}), welcome);
  // The reply carrying the sender's own code is a confirmation request, whatever else it says;
  // without a code it is an ordinary reply and counts against the reply limit.
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  ctx.out.replies.push_back(reply);
}

void confirm(CommandContext& ctx, const Command& c) {
  Account account = ctx.existing_account(c.userid);
  auto address = ctx.confirmations.confirm(account.id, c.password);
  if (!address)
    throw CommandError(text(Msg::WrongCodeRefusal, {{"userid", c.userid}}));
  ctx.out.summary = "confirmed " + *address + " for " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender(text(Msg::AddressConfirmedSubject),
                                          text(Msg::AddressConfirmed, {{"address", *address}, {"userid", c.userid}})));
}

void change_password(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  ctx.accounts.set_password(account, c.new_password);
  ctx.out.summary = "changed password of " + c.userid;
  ctx.out.replies.push_back(
      ctx.to_sender(text(Msg::PasswordChangedSubject), text(Msg::PasswordChanged, {{"userid", c.userid}})));
  notify_old_addresses(account.confirmed, ctx.request.sender, ctx.config.server.name, c.userid,
                       text(Msg::SecurityPassword), ctx.request, ctx.out);
}

void change_address(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  const std::vector<std::string> old_addresses = account.confirmed;  // told of the change, as they get mail
  auto addresses = ctx.addresses_or_sender(c.words);
  ctx.accounts.set_addresses(account, addresses);
  account = *ctx.accounts.find_by_id(account.id);
  ctx.out.summary = "changed addresses of " + c.userid;
  std::string changed = text(Msg::AddressesNow, {{"userid", c.userid}, {"addresses", join(addresses, "\n    ")}});
  const auto requests = ctx.request_confirmations(account, addresses, changed);
  changed += notes_of(requests.notes) + text(Msg::AddressesEnd);
  Reply reply = ctx.to_sender(text(Msg::AddressesChangedSubject), changed);
  if (requests.code_in_welcome) reply.kind = MailKind::Confirmation;
  ctx.out.replies.push_back(reply);
  notify_old_addresses(old_addresses, ctx.request.sender, ctx.config.server.name, c.userid,
                       text(Msg::SecurityAddresses), ctx.request, ctx.out);
}

void signoff(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  if (!account.active) throw CommandError(text(Msg::AlreadySignedOffRefusal, {{"userid", c.userid}}));
  ctx.accounts.deactivate(account);
  // Nothing may start for a signed-off account: its invitations, either way, end now.
  const int invitations = end_invitations_of(ctx, account);
  // Each kind of competition takes them out as it must (play/competitions.h).
  std::vector<LeftCompetition> left;
  for (const auto& kind : ctx.competitions.kinds()) {
    const auto of_kind = kind->on_signoff(ctx, account);
    left.insert(left.end(), of_kind.begin(), of_kind.end());
  }
  ctx.out.summary = "signed off " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      text(Msg::SignedOffSubject),
      text(Msg::SignedOff,
           {{"userid", c.userid},
            {"invitations", invitations ? text(Msg::SignoffEndedInvitations, {{"count", invitations}}) : ""},
            {"competitions", signoff_lines(left)}})));
}

void list(CommandContext& ctx, const Command& c) {
  std::string games = text(Msg::GamesPlayedHere, {{"server", ctx.config.server.name}});
  const std::vector<std::string> asked = each_once(c.words);
  for (const auto& type : game_types()) {
    if (!asked.empty() && std::find(asked.begin(), asked.end(), type.name) == asked.end()) continue;
    games += text(Msg::GameTypeEntry,
                  {{"name", type.name},
                   {"summary", type.summary},
                   {"options", option_lines(type, "    ", "  ") + server_option_lines("    ", "  ")}});
  }
  Listing unknown;
  for (const std::string& word : asked)
    if (!find_game_type(word)) unknown.add(quoted_word(word));
  if (!unknown.empty()) games += text(Msg::NoSuchGameTypes, {{"games", unknown.text("  ", "")}});
  ctx.out.replies.push_back(ctx.to_sender(text(Msg::GamesHereSubject), mail::wrap_text(games)));
}

void message(CommandContext& ctx, const Command& c) {
  Account sender = ctx.authenticated(c);
  std::vector<std::string> userids;  // each named once, in the order given
  for (const std::string& userid : c.words)
    if (std::find(userids.begin(), userids.end(), userid) == userids.end()) userids.push_back(userid);
  if (static_cast<int>(userids.size()) > ctx.config.limits.message_recipients)
    throw CommandError(Refusal::limit,
                       text(Msg::TooManyRecipientsRefusal,
                            {{"most", ctx.config.limits.message_recipients}, {"count", userids.size()}}),
                       CommandContext::usage(c));
  std::vector<Account> recipients;
  for (const std::string& userid : userids) recipients.push_back(ctx.existing_account(userid));
  for (const Account& to : recipients) refuse_if_blocked(ctx, to, sender);
  std::vector<std::string> reached, unreachable;
  for (const Account& to : recipients) (to.confirmed.empty() ? unreachable : reached).push_back(to.userid);
  std::string body = ctx.request.body.empty() ? text(Msg::MessageEmpty) : ctx.request.body;
  for (const Account& to : recipients) {
    for (const std::string& address : to.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = text(Msg::MessageSubject, {{"sender", sender.userid}});
      reply.text = text(Msg::MessageText, {{"sender", sender.userid}, {"to", to.userid}, {"message", body}});
      reply.kind = MailKind::Relay;
      reply.relayed_by = sender.id;
      ctx.out.replies.push_back(reply);
    }
  }
  ctx.out.summary = "message from " + sender.userid + " to " + join(reached, ", ");
  std::string sent = reached.empty() ? text(Msg::MessageSentToNobody)
                                     : text(Msg::MessageSentTo, {{"reached", join(reached, ", ")}});
  if (!unreachable.empty()) sent += text(Msg::MessageNotSentTo, {{"unreachable", join(unreachable, ", ")}});
  ctx.out.replies.push_back(ctx.to_sender(text(Msg::MessageSentSubject), sent));
}

// How many of a player's open invitations `all show` lists (the limits on invitations keep
// them fewer).
constexpr int kOpenInvitationsListed = 20;

void all_show(CommandContext& ctx, const Command& c) {
  Account account = ctx.existing_account(c.userid);
  std::string filter = c.words.empty() ? "all" : c.words.front();
  if (filter != "all" && filter != "next" && filter != "active")
    throw CommandError(text(Msg::NotAFilterRefusal, {{"filter", quoted_word(filter)}}), CommandContext::usage(c));
  // The first hundred by number and a count, from stored columns: no game is replayed.
  GameSelection selection{{account.id}, {}, std::nullopt, filter == "next"};
  if (filter == "active") selection.active = true;
  for (const auto& type : game_types()) selection.types.push_back(type.name);
  const GameListings listings(ctx.db);
  const std::vector<GameRecord> records = listings.selected(selection, static_cast<int>(Listing::kMaxLines));
  Listing lines;
  for (const GameRecord& record : records) {
    const auto users = userids_by_colour(record);
    const auto colours = colour_names(record);
    lines.add(text(Msg::AllShowLine, {{"type", record.type},
                                      {"game", record.id},
                                      {"first", users[0]},
                                      {"first_colour", colours[0]},
                                      {"second", users[1]},
                                      {"second_colour", colours[1]},
                                      {"plies", record.plies},
                                      {"state", game_state(record)}}));
  }
  lines.add_unshown(static_cast<std::size_t>(listings.count_selected(selection)) - records.size());
  std::string games = lines.text("  ", text(Msg::NoneListed));
  // Their open invitations, public as they are (the front page lists them); the ones to
  // or from one player stay between those two.
  if (filter != "next") {
    Listing open;
    for (const GameRecord& record : GameInvitations(ctx.db).open_invitations_by(account.id, kOpenInvitationsListed))
      open.add(own_open_invitation_line(record));
    if (!open.empty()) games += text(Msg::AllShowOpenInvitations, {{"lines", open.text("  ", "")}});
  }
  std::string ratings;
  for (const auto& type : game_types())
    if (auto rating = ctx.ratings.find(type.name, account.id))
      ratings += text(Msg::AllShowRating, {{"standing", standings_text(type.name, 6, rating->rating, rating->games,
                                                                       rating->wins, rating->losses)}});
  if (!ratings.empty()) games += text(Msg::AllShowRatings, {{"ratings", ratings}});
  ctx.out.replies.push_back(
      ctx.to_sender(text(Msg::AllShowSubject, {{"userid", account.userid}}),
                    text(Msg::AllShowText, {{"userid", account.userid}, {"filter", filter}, {"games", games}})));
}

namespace {
// `set userid password <setting> on|off` for a setting that is only stored: `store` keeps
// it, the answer is its subject and what the value now does (`said`).
void set_on_off(CommandContext& ctx, const Command& c, const Account& account,
                void (Accounts::*store)(const Account&, bool), Msg subject, const std::function<std::string(bool)>& said) {
  const bool on = c.words.at(1) == "on";
  (ctx.accounts.*store)(account, on);
  ctx.out.summary = c.words.at(0) + " " + c.words.at(1) + " for " + c.userid;
  ctx.out.replies.push_back(ctx.to_sender(text(subject, {{"value", c.words.at(1)}}), said(on)));
}
}  // namespace

void set_setting(CommandContext& ctx, const Command& c) {
  Account account = ctx.authenticated(c);
  if (c.words.at(0) == "digest") return set_digest(ctx, account, c.words.at(1));
  if (c.words.at(0) == "movemail") return set_movemail(ctx, account, c.words.at(1));
  if (c.words.at(0) == "autovacation") return set_autovacation(ctx, account, c.words.at(1));
  if (c.words.at(0) == "messages")
    return set_on_off(ctx, c, account, &Accounts::set_messages, Msg::MessagesSubject, [&](bool on) {
      return on ? text(Msg::MessagesOn) : text(Msg::MessagesOff, {{"refusal", messages_refused(account.userid)}});
    });
  if (c.words.at(0) == "announcements")
    return set_on_off(ctx, c, account, &Accounts::set_announcements, Msg::AnnouncementsSubject,
                      [](bool on) { return announcements_set_text(on); });
  if (c.words.at(0) == "records")
    return set_on_off(ctx, c, account, &Accounts::set_records, Msg::RecordsSettingSubject,
                      [](bool on) { return text(on ? Msg::RecordsSettingOn : Msg::RecordsSettingOff); });
  if (c.words.at(0) == "board") {
    const std::string& value = c.words.at(1);
    ctx.accounts.set_board(account, value);
    ctx.out.summary = "board " + value + " for " + c.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        text(Msg::BoardSettingSubject, {{"value", value}}),
        text(value == "list" ? Msg::BoardSettingList : value == "both" ? Msg::BoardSettingBoth : Msg::BoardSettingText)));
    return;
  }
  if (c.words.at(0) == "reviews") {
    const bool automatic = c.words.at(1) == "auto";
    Reviews(ctx.db).set_automatic(account.id, automatic);
    ctx.out.summary = "reviews " + c.words.at(1) + " for " + c.userid;
    ctx.out.replies.push_back(ctx.to_sender(text(Msg::ReviewsSettingSubject, {{"value", c.words.at(1)}}),
                                            text(automatic ? Msg::ReviewsAuto : Msg::ReviewsOff)));
    return;
  }
  if (c.words.at(0) == "calendar")
    return set_on_off(ctx, c, account, &Accounts::set_calendar, Msg::CalendarSettingSubject,
                      [](bool on) { return text(on ? Msg::CalendarOn : Msg::CalendarOff); });
  if (c.words.at(0) == "challenges") {
    const std::string& value = c.words.at(1);
    ctx.accounts.set_challenges(account, value);
    ctx.out.summary = "challenges " + value + " for " + c.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        text(Msg::ChallengesSubject, {{"value", value}}),
        text(value == "auto" ? Msg::ChallengesAuto : value == "none" ? Msg::ChallengesNone : Msg::ChallengesInvite)));
    return;
  }
  set_on_off(ctx, c, account, &Accounts::set_pictures, Msg::PicturesSubject,
             [](bool on) { return text(on ? Msg::PicturesOn : Msg::PicturesOff); });
}

}  // namespace handlers
}  // namespace pbem::server
