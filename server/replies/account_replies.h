// The words of the account commands (handlers/account_commands.cpp: signup, confirm,
// password, address, signoff, list, message, all show, set): their refusals, answers and
// the security notice to an account's previous addresses.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/play/competitions.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"

namespace pbem::server {

namespace account_refusal {
struct UseridTaken { std::string userid; };
struct UseridAny {};
struct UseridOfComputer { std::string userid; };
struct OneAccountPerMail {};
struct AccountsPerDay { int most; };
struct WrongCode { std::string userid; };
struct AlreadySignedOff { std::string userid; };
struct TooManyRecipients { int most; std::size_t count; };
struct NotAFilter { std::string filter; };
struct MovemailNeedsDigest { std::string userid; };  // movemail off without a digest
}  // namespace account_refusal
using AccountRefusal =
    std::variant<account_refusal::UseridTaken, account_refusal::UseridAny, account_refusal::UseridOfComputer,
                 account_refusal::OneAccountPerMail, account_refusal::AccountsPerDay, account_refusal::WrongCode,
                 account_refusal::AlreadySignedOff, account_refusal::TooManyRecipients, account_refusal::NotAFilter,
                 account_refusal::MovemailNeedsDigest>;
// Why an account command was refused.
std::string refusal_text(const AccountRefusal& why);

enum class SecurityChange { Password, Addresses };
// The notice to an old address of `userid` that `what` changed at `at`, by mail from `from`.
ReplyWords security_notice(SecurityChange what, const std::string& server, const std::string& userid,
                           const std::string& at, const std::string& from);

// The confirmations a signup or `address` asks for (context/command_context.cpp): how to
// confirm `address` of `userid` with `code` within `days`; that text in the welcome, when
// `address` is the sender's own; the mail that carries it elsewhere (from `server`); the
// notes to the sender that it was mailed, or not (`most` codes a day to one address).
std::string how_to_confirm(const std::string& address, const std::string& userid, const std::string& code, int days);
std::string how_to_confirm_in_welcome(const std::string& how);
ReplyWords confirmation_mail(const std::string& server, const std::string& userid, const std::string& how);
std::string confirmation_mailed_note(const std::string& address);
std::string confirmation_not_mailed_note(const std::string& address, int most);

// The start of a welcome (signup) or of an address change's answer: the addresses now.
std::string welcome_text(const std::string& server, const std::string& userid, const std::vector<std::string>& addresses);
std::string addresses_now_text(const std::string& userid, const std::vector<std::string>& addresses);
// The answer to signup (`welcome`: welcome_text with the code added) or to an address change
// (`welcome` from addresses_now_text), with the confirmations' `notes`.
ReplyWords welcome_reply(const std::string& userid, const std::string& welcome, const std::string& notes);
ReplyWords addresses_changed_reply(const std::string& changed, const std::string& notes);
// `address` of `userid` is confirmed; the password of `userid` changed.
ReplyWords address_confirmed_reply(const std::string& address, const std::string& userid);
ReplyWords password_changed_reply(const std::string& userid);
// `userid` signed off, ending `invitations` invitations and leaving `left`.
ReplyWords signed_off_reply(const std::string& userid, int invitations, const std::vector<LeftCompetition>& left);
// `list [game ...]`: the game types of `server`, those `asked` (every one for none).
ReplyWords game_types_reply(const std::string& server, const std::vector<std::string>& asked);
// The relay of `message` (empty: none written) from `sender` to `to`.
ReplyWords relayed_message(const std::string& sender, const std::string& to, const std::string& message);
// The sender's answer: the message went to `reached`, not to `unreachable`.
ReplyWords message_sent_reply(const std::vector<std::string>& reached, const std::vector<std::string>& unreachable);
// `all show userid [filter]`: the games of `account` (`filter` all, next or active), their open
// invitations and ratings.
ReplyWords all_show_reply(Database& db, const Account& account, const std::string& filter);
// `set ... <setting> <value>` for `account`, stored: what the value now does.
ReplyWords setting_reply(const std::string& setting, const std::string& value, const Account& account);

// `set ... digest off`, or at `hour` (the first at `first`, readable); `set ... movemail`.
ReplyWords digest_setting_reply(const std::string& userid, std::optional<int> hour, const std::string& first);
ReplyWords movemail_reply(const std::string& value);
// `export`: the data of `userid` at `server` in `file`, as of `at`.
ReplyWords export_reply(const std::string& server, const std::string& userid, const std::string& file,
                        const std::string& at);

}  // namespace pbem::server
