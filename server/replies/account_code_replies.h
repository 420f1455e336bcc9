// The words of the one-time account codes (handlers/account_recovery.cpp: `forgot`,
// `reset`; handlers/account_erasure.cpp: `delete`): the code mails, the answers, the notice
// of a reset, the refusals.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/play/competitions.h"
#include "server/storage/account_codes.h"

namespace pbem::server {

namespace code_refusal {
struct NoConfirmedAddress { std::string userid; };  // `delete` has nowhere to mail its code
struct DeleteCodesUsedUp { std::string userid; int most; };
struct WrongDeleteCode { std::string userid; };
struct ComputerCannotBeDeleted { std::string userid; };
struct WrongResetCode {};  // or an unknown userid: one refusal for both
}  // namespace code_refusal
using CodeRefusal = std::variant<code_refusal::NoConfirmedAddress, code_refusal::DeleteCodesUsedUp,
                                 code_refusal::WrongDeleteCode, code_refusal::ComputerCannotBeDeleted,
                                 code_refusal::WrongResetCode>;
// Why `delete` or `reset` was refused.
std::string refusal_text(const CodeRefusal& why);

// The mail carrying `code` for `purpose` to an address of `userid`, asked for from `from`,
// valid until `until` (readable).
ReplyWords account_code_mail(CodePurpose purpose, const std::string& server, const std::string& userid,
                             const std::string& from, const std::string& code, const std::string& until);
// `delete` without a code, when the sender's own address did not get the code mail.
ReplyWords delete_code_sent(const std::string& userid);
// The account `userid` is erased: `resigned` games, `invitations` ended, `left` competitions.
ReplyWords erased_reply(const std::string& userid, const std::string& server, int resigned, int invitations,
                        const std::vector<LeftCompetition>& left);
// `forgot`, when the sender's own address did not get the code mail (whoever asks).
ReplyWords forgot_reply(const std::string& server);
// `reset` done; and the notice of it to the account's other addresses, at `at` from `from`.
ReplyWords reset_done_reply(const std::string& userid);
ReplyWords reset_notice(const std::string& server, const std::string& userid, const std::string& at,
                        const std::string& from);

}  // namespace pbem::server
