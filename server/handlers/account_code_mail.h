// The mail of a one-time account code (storage/account_codes.h): `forgot`'s reset code and
// `delete`'s erasure code go the same way, to the account's confirmed addresses only.
#pragma once

#include <chrono>
#include <string>

#include "server/context/command_context.h"
#include "server/storage/account_codes.h"

namespace pbem::server {

// Rounds of codes of one purpose an account is mailed in 24 hours (each round: one mail
// to each of its confirmed addresses).
inline constexpr int kCodesPerDay = 3;

// Queues the mail of `code` for `purpose` to each confirmed address of `account`, as
// confirmations: never held back by the reply limit, their text gone from the outbox once
// delivered. Returns whether the sender's own address was one of them (that mail then
// answers the command).
bool mail_code(CommandContext& ctx, const Account& account, CodePurpose purpose, const std::string& code,
               std::chrono::system_clock::time_point now);

}  // namespace pbem::server
