#include "server/context/command_context.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>
#include <unordered_set>

#include "mail/address.h"
#include "server/competition/registry.h"
#include "server/context/mail_allowance.h"
#include "server/context/ply_reactions.h"
#include "server/mailing/usage_text.h"
#include "server/mailing/invitation_text.h"
#include "server/mailing/moderation_text.h"
#include "server/replies/account_replies.h"
#include "server/replies/check_replies.h"
#include "server/play/game_limits.h"
#include "server/storage/moderation.h"
#include "server/storage/outbox.h"
#include "server/storage/password_throttle.h"
#include "server/support/clock.h"

namespace pbem::server {

CommandContext::CommandContext(Database& db_, const Config& config_, std::optional<PasswordCheck> precheck,
                               const Request& request_, Outcome& out_)
    : UnitOfWork(db_, config_, ply_reactions(), server::competitions(), out_, std::move(precheck), request_.sender),
      confirmations(db_, config_.limits), request(request_) {}

std::string CommandContext::usage(const Command& c) {
  return command_usage(*c.spec, c.type.empty() ? "<game>" : c.type);
}

bool CommandContext::is_address_of(const Account& account, const std::string& address) {
  return std::any_of(account.addresses.begin(), account.addresses.end(), [&](const std::string& own) {
    return mail::canonical_mailbox(own) == mail::canonical_mailbox(address);
  });
}

bool CommandContext::reply_goes_to_from() const {
  return mail::canonical_mailbox(request.sender) == mail::canonical_mailbox(request.from);
}

Account CommandContext::existing_account(const std::string& userid) const {
  auto account = accounts.find(userid);
  if (!account) throw CommandError(refusal_text(check_refusal::NoSuchUser{userid}));
  return *account;
}

Account CommandContext::authenticated(const Command& c) {
  auto found = accounts.find(c.userid);
  // The word is not repeated: a password typed where the userid belongs would be.
  if (!found) throw CommandError(refusal_text(check_refusal::NoSuchUseridGiven{}));
  Account account = *found;
  if (request.authenticated_userid == account.userid && c.password.empty()) {
    accept_by_address(account);  // a reply to this player's game address
    refuse_if_suspended(c, account);
    return account;
  }
  PasswordThrottle throttle(db, config.limits.failed_passwords_per_hour);
  if (auto until = throttle.blocked_until(account.id, std::chrono::system_clock::now()))
    throw CommandError(Refusal::throttled,
                       refusal_text(check_refusal::PasswordThrottled{c.userid, config.limits.failed_passwords_per_hour, *until}));
  if (!accounts.password_matches(account, c.password)) {
    out.wrong_password_for = account.id;
    throw CommandError(Refusal::wrong_password, refusal_text(check_refusal::WrongPassword{c.userid}));
  }
  password_accepted_ = true;
  refuse_if_suspended(c, account);
  return account;
}

void CommandContext::accept_by_address(const Account& account) {
  password_accepted_ = true;
  // From someone else's address (a forwarded board mail): the player hears of it, once
  // it is carried out (a refused command's replies are dropped, this one with them).
  // Once per inbound mail, however many of its lines used the address; the notice counts
  // against the relay limits of the address's owner, as it is mail their address caused.
  const bool told = request.allowance && request.allowance->address_notice_sent();
  if (!told && !is_address_of(account, request.from))
    for (const std::string& address : account.confirmed) {
      auto [subject, words] = game_address_used_notice(request.from);
      Reply notice;
      notice.to = address;
      notice.kind = MailKind::Notice;
      notice.subject = std::move(subject);
      notice.text = std::move(words);
      notice.relayed_by = account.id;
      out.replies.push_back(std::move(notice));
      out.sent_address_notice = true;
    }
}

void CommandContext::refuse_if_suspended(const Command& c, const Account& account) const {
  // The spec's exceptions: a suspended player can still read the help, take their data
  // away (export) and leave (delete).
  static constexpr std::string_view kAllowed[] = {"help", "export", "delete"};
  for (const std::string_view name : kAllowed)
    if (c.is(name)) return;
  refuse_if_suspended(account);
}

void CommandContext::refuse_if_suspended(const Account& account) const {
  if (const auto suspension = Suspensions(db).in_force(account.id, now_iso8601()))
    throw CommandError(suspended_refusal(account.userid, *suspension));
}

GameRecord CommandContext::game_of_type(const Command& c, std::int64_t number) const {
  auto record = records.find(number);
  if (!record) throw CommandError(refusal_text(check_refusal::NoSuchGame{number}));
  if (record->type != c.type)
    throw CommandError(refusal_text(check_refusal::OtherKindOfGame{number, record->type, c.type}));
  return *record;
}

GameRecord CommandContext::started_game_of_type(const Command& c, std::int64_t number) const {
  GameRecord record = game_of_type(c, number);
  if (record.invitation) throw CommandError(not_started_refusal(record));
  return record;
}

std::pair<Account, GameRecord> CommandContext::player_in_game(const Command& c, bool invitations_too) {
  Account player = authenticated(c);
  GameRecord record = game_of_type(c, c.boards.at(0).number);
  refuse_unless_player(player, record, invitations_too);
  return {std::move(player), std::move(record)};
}

std::pair<Account, GameRecord> CommandContext::player_of_act(const PlayerAct& act, bool invitations_too) {
  Account player = actor_of(act);
  GameRecord record = game_of_act(player, act, invitations_too);
  return {std::move(player), std::move(record)};
}

Account CommandContext::actor_of(const PlayerAct& act) {
  const auto found = accounts.find_by_id(act.account);
  if (!found) throw CommandError(refusal_text(check_refusal::NoSuchUseridGiven{}));
  // Only a channel that authenticated the player makes their act (pipeline/reply_move.h,
  // digest_reply.h, computer_policy.h): anything else is a bug, not a wrong password.
  if (request.authenticated_userid != found->userid)
    throw std::logic_error("an act of " + found->userid + " that no channel authenticated");
  Account player = *found;
  accept_by_address(player);
  refuse_if_suspended(player);
  return player;
}

GameRecord CommandContext::game_of_act(const Account& player, const PlayerAct& act, bool invitations_too) {
  auto record = records.find(act.game);
  if (!record) throw CommandError(refusal_text(check_refusal::NoSuchGame{act.game}));
  refuse_unless_player(player, *record, invitations_too);
  return std::move(*record);
}

void CommandContext::refuse_unless_player(const Account& player, const GameRecord& record, bool invitations_too) {
  if (record.players[0] != player.id && record.players[1] != player.id)
    throw CommandError(refusal_text(check_refusal::NotAPlayerOfGame{player.userid, record.id}));
  if (!invitations_too && record.invitation) throw CommandError(not_started_refusal(record));
}

std::vector<std::string> CommandContext::addresses_or_sender(const std::vector<std::string>& given) const {
  std::vector<std::string> addresses;
  // The addresses as written (normalised), before the spellings of one mailbox are merged:
  // more than kMaxAddresses of them is refused, however few mailboxes they reach.
  std::unordered_set<std::string> named;
  for (const std::string& written : given) {
    auto address = mail::normalize_address(written);
    const auto at = written.rfind('@');
    const bool too_long =
        written.size() > mail::kMaxAddressLength || (at != std::string::npos && at > mail::kMaxLocalPartLength);
    if (!address && too_long)
      throw CommandError(refusal_text(
          check_refusal::AddressTooLong{written, mail::kMaxLocalPartLength, mail::kMaxAddressLength}));
    if (!address) throw CommandError(refusal_text(check_refusal::NotAnAddress{written}));
    // One mailbox once, however it is spelled (Alice@x, alice+games@x).
    const bool same_mailbox = std::any_of(addresses.begin(), addresses.end(), [&](const std::string& kept) {
      return mail::canonical_mailbox(kept) == mail::canonical_mailbox(*address);
    });
    if (!same_mailbox) addresses.push_back(*address);
    if (named.insert(*address).second && named.size() > kMaxAddresses)
      throw CommandError(refusal_text(check_refusal::TooManyAddresses{kMaxAddresses}));
  }
  if (addresses.empty()) addresses.push_back(request.sender);
  return addresses;
}

void CommandContext::check_relay_limits() const {
  std::map<std::int64_t, int> by_user;
  std::map<std::string, int> by_mailbox;
  for (const Reply& reply : out.replies)
    if (reply.relayed_by) {
      ++by_user[*reply.relayed_by];
      ++by_mailbox[mail::canonical_mailbox(reply.to)];
    }
  if (by_user.empty()) return;
  Outbox outbox(db);
  const auto hour_ago = std::chrono::system_clock::now() - std::chrono::hours(1);
  const int per_user = config.limits.relayed_per_user_per_hour;
  for (const auto& [user_id, count] : by_user) {
    const int already = outbox.count_relayed_by(user_id, hour_ago);
    if (already + count > per_user) {
      const auto user = accounts.find_by_id(user_id);
      const std::optional<std::string> userid = user ? std::optional(user->userid) : std::nullopt;
      throw CommandError(Refusal::limit, refusal_text(check_refusal::RelayedByUser{userid, already, per_user, count}));
    }
  }
  const int per_recipient = config.limits.relayed_per_recipient_per_hour;
  for (const auto& [mailbox, count] : by_mailbox)
    if (outbox.count_relayed_to(mailbox, hour_ago) + count > per_recipient)
      throw CommandError(Refusal::limit, refusal_text(check_refusal::RelayedToRecipient{per_recipient}));
}

void CommandContext::relay_to(std::size_t first, const Account& actor, std::int64_t recipient) {
  const auto to = accounts.find_by_id(recipient);
  if (!to || to->id == actor.id) return;
  for (std::size_t i = first; i < out.replies.size(); ++i)
    if (is_address_of(*to, out.replies[i].to)) out.replies[i].relayed_by = actor.id;
}

CommandContext::ConfirmationRequests CommandContext::request_confirmations(const Account& account,
                                                                           const std::vector<std::string>& addresses,
                                                                           std::string& welcome) {
  ConfirmationRequests result;
  std::string& notes = result.notes;
  // The server-wide cap: a flood of signups naming other people's addresses stops here,
  // with nothing stored (the command's savepoint is rolled back).
  const auto needed = std::count_if(addresses.begin(), addresses.end(), [&](const std::string& address) {
    return std::find(account.confirmed.begin(), account.confirmed.end(), address) == account.confirmed.end();
  });
  const int per_hour = config.limits.confirmations_per_hour;
  if (needed > 0 && Outbox(db).count_since(MailKind::Confirmation, std::chrono::system_clock::now() -
                                                                       std::chrono::hours(1)) +
                            needed > per_hour)
    throw CommandError(Refusal::limit, refusal_text(check_refusal::ConfirmationsPerHour{per_hour}));
  for (const std::string& address : addresses) {
    if (std::find(account.confirmed.begin(), account.confirmed.end(), address) != account.confirmed.end()) continue;
    auto code = confirmations.issue(account.id, address);
    if (!code) {
      notes += confirmation_not_mailed_note(address, config.limits.confirmations_per_address_per_day);
      continue;
    }
    const std::string how = how_to_confirm(address, account.userid, *code, config.limits.confirmation_valid_days);
    if (address == request.sender) {
      welcome += how_to_confirm_in_welcome(how);  // the reply to the sender's own mail carries its code
      result.code_in_welcome = true;
      continue;
    }
    auto [subject, words] = confirmation_mail(config.server.name, account.userid, how);
    Reply mail;
    mail.to = address;
    mail.subject = std::move(subject);
    mail.text = std::move(words);
    mail.kind = MailKind::Confirmation;
    out.replies.push_back(mail);
    notes += confirmation_mailed_note(address);
  }
  return result;
}

void refuse_limit(const GameLimitRefusal& why) {
  throw CommandError(Refusal::limit, std::visit([](const auto& cap) { return refusal_text(CheckRefusal{cap}); }, why));
}

void CommandContext::check_game_limits(const Account& first, const Account& second) const {
  if (auto refused = game_limits_refusal(*this, first, second)) refuse_limit(*refused);
}

void CommandContext::check_games_against_computer(const Account& player, int more) const {
  if (auto refused = computer_games_refusal(*this, player, more)) refuse_limit(*refused);
}

Reply CommandContext::to_sender(std::string subject, std::string text) const {
  Reply reply;
  reply.to = request.sender;
  reply.subject = std::move(subject);
  reply.text = std::move(text);
  reply.to_sender = true;
  return reply;
}

}  // namespace pbem::server
