// `delete userid password [code]` (spec "Accounts you cannot lose, and can leave";
// docs/commands.md "Your account"). Without the code it mails one to the account's
// confirmed addresses (at most kCodesPerDay a day); with it, it erases the account in the
// command's one transaction: its running games end as its resignation, its invitations are
// withdrawn, it leaves every competition as signoff does, and storage/account_erasure.*
// takes out everything kept of it. The mail those acts owe the account itself is dropped:
// only this command's answer goes to an address it had, and its outbox row goes once it
// is delivered. A suspended account may delete itself (CommandContext::refuse_if_suspended).
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "mail/address.h"
#include "server/handlers/account_code_mail.h"
#include "server/context/command_context.h"
#include "server/handlers/competition_options.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/handlers/answer.h"
#include "server/replies/account_code_replies.h"
#include "server/storage/account_codes.h"
#include "server/storage/account_erasure.h"
#include "server/storage/game_listings.h"
#include "server/storage/tournaments.h"

namespace pbem::server {

namespace {

void mail_erasure_code(CommandContext& ctx, const Account& account) {
  const auto now = std::chrono::system_clock::now();
  if (account.confirmed.empty())
    throw CommandError(refusal_text(code_refusal::NoConfirmedAddress{account.userid}));
  AccountCodes codes(ctx.db);
  if (codes.issued_since(account.id, CodePurpose::erase, now - std::chrono::hours(24)) >= kCodesPerDay)
    throw CommandError(Refusal::limit,
                       refusal_text(code_refusal::DeleteCodesUsedUp{account.userid, kCodesPerDay}));
  const std::string code = codes.issue(account.id, CodePurpose::erase, now);
  const bool sender_has_code = mail_code(ctx, account, CodePurpose::erase, code, now);
  ctx.out.summary = "delete " + account.userid + ": a code mailed to " + std::to_string(account.confirmed.size()) +
                    (account.confirmed.size() == 1 ? " address" : " addresses");
  if (!sender_has_code) answer(ctx, delete_code_sent(account.userid));
}

// Ends each game `account` plays now as its resignation; returns how many.
int resign_running_games(CommandContext& ctx, const Account& account) {
  GameListings listings(ctx.db);
  const int running = listings.count_active(account.id);
  int resigned = 0;
  if (running == 0) return 0;
  GameSelection selection;
  selection.players = {account.id};
  selection.active = true;
  for (const auto& type : game_types()) selection.types.push_back(type.name);
  for (const GameRecord& record : listings.selected(selection, running))
    if (resign_for_leaver(ctx, record.id, account, std::nullopt)) ++resigned;
  return resigned;
}

// Drops every mail queued so far for one of `addresses` (the acts before the erasure owe
// the account its own copies): nothing more goes to it.
void drop_mail_to(Outcome& out, const std::vector<std::string>& addresses) {
  const auto erased = [&](const Reply& reply) {
    const std::string mailbox = mail::canonical_mailbox(reply.to);
    return std::find(addresses.begin(), addresses.end(), mailbox) != addresses.end() ||
           std::find(addresses.begin(), addresses.end(), reply.to) != addresses.end();
  };
  out.replies.erase(std::remove_if(out.replies.begin(), out.replies.end(), erased), out.replies.end());
}

void erase(CommandContext& ctx, const Account& account, const Command& c) {
  if (!AccountCodes(ctx.db).redeem(account.id, CodePurpose::erase, c.code, std::chrono::system_clock::now()))
    throw CommandError(refusal_text(code_refusal::WrongDeleteCode{account.userid}));
  // What the account is in, ended as signoff ends it (and its games besides), while its
  // userid and addresses still name it in those acts' mail to others. Out of the running
  // tournaments first: a round that the resignations end is paired without it.
  Tournaments(ctx.db).withdraw_from_running(account.id);
  const int resigned = resign_running_games(ctx, account);
  const int invitations = end_invitations_of(ctx, account, true);
  std::vector<LeftCompetition> left;
  for (const auto& kind : ctx.competitions.kinds()) {
    const auto of_kind = kind->on_signoff(ctx, account);
    left.insert(left.end(), of_kind.begin(), of_kind.end());
  }
  AccountErasure erasure(ctx.db);
  // The account's own addresses only: a sender from elsewhere (the password and the code
  // will do from any address) may be another player's, whose mail stays.
  const std::vector<std::string> addresses = erasure.addresses_of(account.id);
  erasure.erase(account, addresses);
  drop_mail_to(ctx.out, addresses);
  ctx.out.erased_addresses = addresses;
  ctx.out.summary = "deleted " + account.userid + " (" + std::to_string(resigned) + " games resigned)";
  answer(ctx, erased_reply(account.userid, ctx.config.server.name, resigned, invitations, left)).forget_when_settled =
      true;
}

}  // namespace

namespace handlers {

void delete_account(CommandContext& ctx, const Command& c) {
  const Account account = ctx.authenticated(c);
  if (account.computer)
    throw CommandError(refusal_text(code_refusal::ComputerCannotBeDeleted{account.userid}));
  if (c.code.empty()) mail_erasure_code(ctx, account);
  else erase(ctx, account, c);
}

}  // namespace handlers
}  // namespace pbem::server
