// What a command's handler works with: a unit of work (play/unit_of_work.h: the storage
// tables inside the caller's transaction, the configuration, the outcome it adds replies
// to), the sender's request, and the checks several commands share. One is made per command.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/context/request.h"
#include "server/play/game_limits.h"
#include "server/play/unit_of_work.h"
#include "server/storage/address_confirmations.h"

namespace pbem::server {

class CommandContext : public UnitOfWork {
 public:
  // `precheck`: the command's password, verified before the transaction (may be empty).
  CommandContext(Database& db, const Config& config, std::optional<PasswordCheck> precheck, const Request& request,
                 Outcome& out);

  AddressConfirmations confirmations;
  const Request& request;

  // The usage of the command being carried out, for its error replies.
  static std::string usage(const Command& c);

  // Shared checks; each throws CommandError with a specific reason.
  Account existing_account(const std::string& userid) const;
  // Refuses a throttled user before the (slow) password check; records a wrong password
  // in out.wrong_password_for.
  Account authenticated(const Command& c);
  // Refuses every command of a suspended account (pbem suspend) but help, export and
  // delete, with the reason and the end; called once the account is known to be the
  // sender's, so that nobody else learns of the suspension.
  void refuse_if_suspended(const Command& c, const Account& account) const;
  void refuse_if_suspended(const Account& account) const;  // for an act, which is none of those
  GameRecord game_of_type(const Command& c, std::int64_t number) const;
  // The same, refusing an invitation (waiting, or ended before it started): it has no
  // board to show, history to tell or game to watch.
  GameRecord started_game_of_type(const Command& c, std::int64_t number) const;
  // The authenticated sender and the game of the command's board, which they must play in;
  // a game that is (or was) an invitation and never started is refused unless
  // `invitations_too` (accept and decline answer invitations).
  std::pair<Account, GameRecord> player_in_game(const Command& c, bool invitations_too = false);
  // The same for a known player's act (a reply to a game or digest address, the computer):
  // the channel authenticated `act.account` (Request::authenticated_userid), with the same
  // checks in the same order as player_in_game's; a started game only.
  std::pair<Account, GameRecord> player_of_act(const PlayerAct& act, bool invitations_too = false);
  // The two halves of it: the account the channel authenticated, and the game it must play in.
  Account actor_of(const PlayerAct& act);
  GameRecord game_of_act(const Account& player, const PlayerAct& act, bool invitations_too);
  // The addresses a signup or `change address` names (each mailbox once, at most
  // kMaxAddresses), or the sender's when it names none.
  std::vector<std::string> addresses_or_sender(const std::vector<std::string>& given) const;
  static constexpr std::size_t kMaxAddresses = 3;
  // Refuses the command when the mail it relays (out.replies with relayed_by) would pass
  // limits.relayed_per_user_per_hour or limits.relayed_per_recipient_per_hour, counting
  // what is already in the outbox (earlier commands of the same mail included).
  void check_relay_limits() const;
  // Marks the replies added to `out` since `first` that go to an address of user
  // `recipient` as mail `actor` relays to them (a proposal or its answer, a rematch): they
  // count against the relay limits. Watchers' copies do not: the game's mail is theirs.
  void relay_to(std::size_t first, const Account& actor, std::int64_t recipient);
  // Issues a confirmation code for each of `addresses` that is not confirmed yet; mails the
  // request to it, or, for the sender's own address, adds it to `welcome`.
  struct ConfirmationRequests {
    std::string notes;             // for the sender: where requests went, which were refused
    bool code_in_welcome = false;  // the reply to the sender carries its own code
  };
  ConfirmationRequests request_confirmations(const Account& account, const std::vector<std::string>& addresses,
                                             std::string& welcome);
  // Refuses a new game between `first` and `second` when either plays
  // limits.active_games_per_user games already, or a human plays bot.games_per_user games
  // against the computer (the computer has no cap of its own).
  void check_game_limits(const Account& first, const Account& second) const;
  // Refuses `more` games of the human `player` against the computer when they would have
  // more than bot.games_per_user: those under way, and the places tournaments with both in
  // them hold for games still to start (Tournaments::held_against_computer).
  void check_games_against_computer(const Account& player, int more = 1) const;
  // True when `address` is one of `account`'s (the same mailbox, however spelled).
  static bool is_address_of(const Account& account, const std::string& address);
  // True when the reply to this mail goes to the mailbox of its From address (no Reply-To
  // elsewhere): only then may it say which userid that address belongs to, since From and
  // Reply-To are anyone's to write and only the address itself may learn it.
  bool reply_goes_to_from() const;
  // A reply to the sender of the command (threaded to their mail).
  Reply to_sender(std::string subject, std::string text) const;

  // Until a password is accepted, errors quote only MaskedCommand::cautious().
  bool password_accepted() const { return password_accepted_; }

 private:
  // `account` is the one the mail's game or digest address (or the computer's turn) vouches
  // for: accepted as a password would be, and its owner told of a use from elsewhere.
  void accept_by_address(const Account& account);
  // `player` must play in `record`, a started game unless `invitations_too`.
  static void refuse_unless_player(const Account& player, const GameRecord& record, bool invitations_too);

  bool password_accepted_ = false;
};

// Throws the command's refusal for passing a cap on games at once (play/game_limits.h),
// counted as a limit on /metrics.
[[noreturn]] void refuse_limit(const GameLimitRefusal& why);

}  // namespace pbem::server
