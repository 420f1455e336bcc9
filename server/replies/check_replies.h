// The words of the checks every command shares (context/command_context.cpp): who sent it
// (the userid, the password), which game it names, the addresses it gives, and the limits
// a command may not pass; and the notice that a game address was used from elsewhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "server/mailing/reply_format.h"
#include "server/play/game_limits.h"

namespace pbem::server {

namespace check_refusal {
struct NoSuchUser { std::string userid; };  // as written: quoted in the refusal
struct NoSuchUseridGiven {};                // the word is not repeated (it may be a password)
struct PasswordThrottled { std::string userid; int most; std::string until; };
struct WrongPassword { std::string userid; };
struct NoSuchGame { std::int64_t game; };
struct OtherKindOfGame { std::int64_t game; std::string type, asked_type; };
struct NotAPlayerOfGame { std::string player; std::int64_t game; };
struct AddressTooLong { std::string address; std::size_t local, most; };  // as written
struct NotAnAddress { std::string address; };                            // as written
struct TooManyAddresses { std::size_t most; };
// The relay limits: mail a user's commands sent to others, mail one mailbox received.
struct RelayedByUser { std::optional<std::string> userid; int already, most, count; };
struct RelayedToRecipient { int most; };
struct ConfirmationsPerHour { int most; };
using ActiveGames = limit_refusal::ActiveGames;  // the caps on games at once are play/'s
using ComputerGames = limit_refusal::ComputerGames;
// What a mail without a password may do (context/mail_allowance.h): it rests on its From.
struct DmarcFailed {};
struct FromNotOneMailbox {};
struct InvitationsPerMail { int most; };
struct MailsPerMailbox { int most; };  // the address is not named: it would tell whose it is
struct MailBudget { std::size_t kib; };
}  // namespace check_refusal
using CheckRefusal =
    std::variant<check_refusal::NoSuchUser, check_refusal::NoSuchUseridGiven, check_refusal::PasswordThrottled,
                 check_refusal::WrongPassword, check_refusal::NoSuchGame, check_refusal::OtherKindOfGame,
                 check_refusal::NotAPlayerOfGame, check_refusal::AddressTooLong, check_refusal::NotAnAddress,
                 check_refusal::TooManyAddresses, check_refusal::RelayedByUser, check_refusal::RelayedToRecipient,
                 check_refusal::ConfirmationsPerHour, check_refusal::ActiveGames, check_refusal::ComputerGames,
                 check_refusal::DmarcFailed, check_refusal::FromNotOneMailbox, check_refusal::InvitationsPerMail,
                 check_refusal::MailsPerMailbox, check_refusal::MailBudget>;
// Why a command was refused by one of the shared checks.
std::string refusal_text(const CheckRefusal& why);

// To the owner of a game address a command came through from `from`, not one of theirs.
ReplyWords game_address_used_notice(const std::string& from);

}  // namespace pbem::server
