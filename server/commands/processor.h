// Carries out one command for one sender: checks it, changes the database (inside the
// caller's transaction) and returns the replies to send. Knows nothing of MIME or SMTP.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/storage/accounts.h"
#include "server/commands/commands.h"
#include "server/support/config.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/mail_kind.h"
#include "server/storage/address_confirmations.h"
#include "server/commands/masked_command.h"

namespace pbem::server {

struct Request {
  std::string sender;        // normalised address replies to the sender go to (Reply-To or From)
  std::string from;          // normalised From address: who the mail claims to be from
  std::string command_text;  // the Subject (or the body line holding the command)
  std::string body;          // the new text of the body, for chat and message
};

struct Reply {
  std::string to;
  std::string subject;
  std::string text;
  std::optional<std::int64_t> game_id;  // threads the mail into the game's conversation
  bool to_sender = false;               // answers the command itself (In-Reply-To it)
  MailKind kind = MailKind::Reply;
  std::optional<std::int64_t> relayed_by;  // the user whose text a Relay mail carries
  std::string picture_png;                 // board mails: the drawn board for the HTML part; empty: none
};

struct Outcome {
  std::vector<Reply> replies;
  std::string summary;  // one line for the inbox log, without passwords
  MaskedCommand masked_command;  // what the inbox row and the log line may quote
  bool error = false;
  // A wrong password for this user: recorded for the throttle by the caller, after the
  // command's savepoint is rolled back (the record must outlive the rollback).
  std::optional<std::int64_t> wrong_password_for;
};

// A command that cannot be carried out: the reason, and the usage to remind the sender of.
struct CommandError : std::runtime_error {
  CommandError(const std::string& reason, std::string usage_text = {})
      : std::runtime_error(reason), usage(std::move(usage_text)) {}
  std::string usage;
};

class CommandProcessor {
 public:
  // `precheck`: the command's password, verified before the transaction (may be empty).
  CommandProcessor(Database& db, const Config& config, std::optional<PasswordCheck> precheck = std::nullopt);
  Outcome handle(const Request& request);

 private:
  // Account commands (account_commands.cpp).
  void signup(const Command& c, const Request& r, Outcome& out);
  void change_password(const Command& c, const Request& r, Outcome& out);
  void change_address(const Command& c, const Request& r, Outcome& out);
  void signoff(const Command& c, const Request& r, Outcome& out);
  void list(const Command& c, const Request& r, Outcome& out);
  void message(const Command& c, const Request& r, Outcome& out);
  void all_show(const Command& c, const Request& r, Outcome& out);
  // Game commands (game_commands.cpp).
  void challenge(const Command& c, const Request& r, Outcome& out);
  void move(const Command& c, const Request& r, Outcome& out);
  void resign(const Command& c, const Request& r, Outcome& out);
  void abort_game(const Command& c, const Request& r, Outcome& out);
  void show(const Command& c, const Request& r, Outcome& out);
  void games(const Command& c, const Request& r, Outcome& out);
  void history(const Command& c, const Request& r, Outcome& out);
  void chat(const Command& c, const Request& r, Outcome& out);
  void preview(const Command& c, const Request& r, Outcome& out);

  // Shared checks; each throws CommandError with a specific reason.
  Account existing_account(const std::string& userid) const;
  // Refuses a throttled user before the (slow) password check; records a wrong password
  // in out.wrong_password_for.
  Account authenticated(const Command& c, Outcome& out);
  GameRecord game_of_type(const Command& c, std::int64_t number) const;
  // The authenticated sender and the game of the command's board, which they must play in.
  std::pair<Account, GameRecord> player_in_game(const Command& c, Outcome& out);
  std::vector<std::string> addresses_or_sender(const std::vector<std::string>& given, const Request& r) const;
  // Refuses relaying `count` mails from `sender` to `addresses` when a relay limit is reached.
  void check_relay_limits(const Account& sender, const std::vector<std::string>& addresses) const;
  // Issues a confirmation code for each of `addresses` that is not confirmed yet; mails the
  // request to it, or, for the sender's own address, adds it to `welcome`.
  struct ConfirmationRequests {
    std::string notes;            // for the sender: where requests went, which were refused
    bool code_in_welcome = false;  // the reply to the sender carries its own code
  };
  ConfirmationRequests request_confirmations(const Account& account, const std::vector<std::string>& addresses,
                                             const Request& r, std::string& welcome, Outcome& out);
  void confirm(const Command& c, const Request& r, Outcome& out);
  Reply to_sender(const Request& r, std::string subject, std::string text) const;
  // The board mail both players get after a challenge or an accepted move.
  void game_update(const GameRecord& record, const Game& game, const std::string& headline,
                   const Request& r, Outcome& out);

  Database& db_;
  const Config& config_;
  Accounts accounts_;
  GameRecords records_;
  AddressConfirmations confirmations_;
  std::vector<std::string> game_names_;
  bool password_accepted_ = false;  // until then, errors quote only MaskedCommand::cautious()
};

// "Gates", "HY 3", "Gaia".
std::string game_title(const std::string& type);

}  // namespace pbem::server
