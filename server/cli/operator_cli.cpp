#include "server/cli/operator_cli.h"

#include <pwd.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <istream>
#include <iterator>
#include <optional>
#include <ostream>

#include "server/cli/held_database.h"
#include "server/cli/server_cli.h"
#include "server/handlers/announcement.h"
#include "server/handlers/operator_acts.h"
#include "server/mailing/refusal_text.h"
#include "server/pipeline/reply_queue.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/moderation.h"
#include "server/support/clock.h"
#include "server/support/sha256.h"

namespace pbem::server {

namespace {

constexpr int kExitRefused = 1;
constexpr int kMaxSuspensionDays = 3650;
constexpr std::size_t kMaxReason = 500;
constexpr std::size_t kMaxAnnouncement = 64 * 1024;

// The words after the positional ones: --reason TEXT, --days N; nothing when malformed.
struct Options {
  std::vector<std::string> positional;
  std::optional<std::string> reason;
  std::optional<std::string> days;
};
std::optional<Options> read_options(const std::vector<std::string>& args) {
  Options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--reason" || args[i] == "--days") {
      if (i + 1 >= args.size()) return std::nullopt;
      std::optional<std::string>& value = args[i] == "--reason" ? options.reason : options.days;
      value = args[++i];
    } else if (args[i].starts_with("--")) {
      return std::nullopt;
    } else {
      options.positional.push_back(args[i]);
    }
  }
  return options;
}

std::optional<std::int64_t> whole_number(const std::string& text) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(text);
}

// A reason fit for the audit and the players' mail: one line of printable text.
std::optional<std::string> reason_problem(const std::string& reason) {
  if (reason.empty()) return "the reason is empty";
  if (reason.size() > kMaxReason) return "the reason is longer than " + std::to_string(kMaxReason) + " characters";
  for (unsigned char c : reason)
    if (c < 0x20 || c == 0x7f) return "the reason holds a control character (one line of text, please)";
  return std::nullopt;
}

// One act: its change, mail and audit row in one transaction. `act` returns the mail to
// queue, or nothing when it refused (then the transaction is rolled back).
int carry_out(const Config& config, const std::string& name, std::ostream& err,
              const std::function<std::optional<std::vector<Reply>>(Database&)>& act,
              const std::function<void(Database&)>& audit) {
  try {
    HeldDatabase held(config);
    Database& db = held.db;
    Transaction transaction(db);
    const auto replies = act(db);
    if (!replies) return kExitRefused;
    audit(db);
    // Stable Message-IDs for this act: what it is and when (two acts never share both).
    queue_replies(db, config, "pbem " + name, CommandThread{}, *replies, "pbem-" + name + "-",
                  sha256_hex(name + now_iso8601()).substr(0, 12), std::nullopt);
    transaction.commit();
    return kExitOk;
  } catch (const DatabaseError& e) {
    err << "pbem " << name << ": " << e.what() << "; nothing was changed" << (e.busy() ? ", try again" : "") << "\n";
    return e.busy() ? kExitTempFail : kExitSoftware;
  }
}

// `pbem void` and `pbem adjudicate`, once their arguments are read.
int judge(const Config& config, const std::string& name, std::int64_t game, const std::string& reason,
          std::optional<std::string> winner, std::ostream& out, std::ostream& err) {
  std::optional<std::int64_t> winner_id;
  std::string said;
  const int status = carry_out(
      config, name, err,
      [&](Database& db) -> std::optional<std::vector<Reply>> {
        if (winner) {
          const auto account = Accounts(db).find(*winner);
          if (!account) {
            err << "pbem " << name << ": there is no user " << *winner << "; nothing was changed\n";
            return std::nullopt;
          }
          winner_id = account->id;
        }
        VerdictMails done = winner_id ? adjudicate_by_operator(db, config, game, *winner_id, reason)
                                      : void_by_operator(db, config, game, reason);
        if (const auto* why = std::get_if<VerdictRefusal>(&done.result)) {
          err << "pbem " << name << ": " << refusal_text(*why, game) << "; nothing was changed\n";
          return std::nullopt;
        }
        const Verdict& verdict = std::get<Verdict>(done.result);
        said = name + ": game " + std::to_string(game) + (winner ? " won by " + *winner : " void") +
               (verdict.rebuilt.empty() ? "" : ", ratings recomputed") + "; " +
               std::to_string(done.replies.size()) + " mail(s) queued\n";
        return std::move(done.replies);
      },
      [&](Database& db) { OperatorAudit(db).add(operator_login_name(), name, winner_id, game, reason); });
  if (status == kExitOk) out << said;
  return status;
}

}  // namespace

std::string operator_login_name() {
  if (const char* login = ::getlogin(); login && *login) return login;
  if (const passwd* user = ::getpwuid(::geteuid())) return user->pw_name;
  return "uid " + std::to_string(::geteuid());
}

int run_suspend(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = "usage: pbem suspend USERID --reason TEXT [--days N]   (N 1 to " +
                            std::to_string(kMaxSuspensionDays) + "; without it, until pbem unsuspend)\n";
  const auto options = read_options(args);
  if (!options || options->positional.size() != 1 || !options->reason) {
    err << usage;
    return kExitUsage;
  }
  if (const auto problem = reason_problem(*options->reason)) {
    err << "pbem suspend: " << *problem << "; nothing was changed\n" << usage;
    return kExitUsage;
  }
  std::optional<std::string> until;
  if (options->days) {
    const auto days = whole_number(*options->days);
    if (!days || *days < 1 || *days > kMaxSuspensionDays) {
      err << "pbem suspend: --days " << *options->days << " is not a number of days from 1 to " << kMaxSuspensionDays
          << "; nothing was changed\n";
      return kExitUsage;
    }
    until = iso8601(std::chrono::system_clock::now() + std::chrono::days(*days));
  }
  const std::string& userid = options->positional[0];
  std::int64_t user_id = 0;
  const int status = carry_out(
      config, "suspend", err,
      [&](Database& db) -> std::optional<std::vector<Reply>> {
        const auto account = Accounts(db).find(userid);
        if (!account || account->computer) {
          err << "pbem suspend: there is no user " << userid << "; nothing was changed\n";
          return std::nullopt;
        }
        user_id = account->id;
        return suspend_account(db, config, *account, Suspension{*options->reason, until});
      },
      [&](Database& db) { OperatorAudit(db).add(operator_login_name(), "suspend", user_id, std::nullopt,
                                                *options->reason + (until ? " (until " + *until + ")" : "")); });
  if (status == kExitOk) out << "suspend: " << userid << " suspended " << (until ? "until " + *until : "until pbem unsuspend") << "\n";
  return status;
}

int run_unsuspend(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto options = read_options(args);
  if (!options || options->positional.size() != 1 || options->days) {
    err << "usage: pbem unsuspend USERID [--reason TEXT]\n";
    return kExitUsage;
  }
  const std::string reason = options->reason.value_or("suspension lifted");
  if (const auto problem = reason_problem(reason)) {
    err << "pbem unsuspend: " << *problem << "; nothing was changed\n";
    return kExitUsage;
  }
  const std::string& userid = options->positional[0];
  std::int64_t user_id = 0;
  const int status = carry_out(
      config, "unsuspend", err,
      [&](Database& db) -> std::optional<std::vector<Reply>> {
        const auto account = Accounts(db).find(userid);
        if (!account) {
          err << "pbem unsuspend: there is no user " << userid << "; nothing was changed\n";
          return std::nullopt;
        }
        user_id = account->id;
        auto replies = unsuspend_account(db, config, *account);
        if (!replies) err << "pbem unsuspend: " << userid << " is not suspended; nothing was changed\n";
        return replies;
      },
      [&](Database& db) { OperatorAudit(db).add(operator_login_name(), "unsuspend", user_id, std::nullopt, reason); });
  if (status == kExitOk) out << "unsuspend: " << userid << " may play again\n";
  return status;
}

int run_void(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto options = read_options(args);
  const auto game = options && options->positional.size() == 1 ? whole_number(options->positional[0]) : std::nullopt;
  if (!game || *game < 1 || !options->reason || options->days) {
    err << "usage: pbem void N --reason TEXT\n";
    return kExitUsage;
  }
  if (const auto problem = reason_problem(*options->reason)) {
    err << "pbem void: " << *problem << "; nothing was changed\n";
    return kExitUsage;
  }
  return judge(config, "void", *game, *options->reason, std::nullopt, out, err);
}

int run_adjudicate(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto options = read_options(args);
  const auto game = options && options->positional.size() == 2 ? whole_number(options->positional[0]) : std::nullopt;
  if (!game || *game < 1 || !options->reason || options->days) {
    err << "usage: pbem adjudicate N USERID --reason TEXT\n";
    return kExitUsage;
  }
  if (const auto problem = reason_problem(*options->reason)) {
    err << "pbem adjudicate: " << *problem << "; nothing was changed\n";
    return kExitUsage;
  }
  return judge(config, "adjudicate", *game, *options->reason, options->positional[1], out, err);
}

int run_announce(const Config& config, const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                 std::ostream& err) {
  if (args.size() != 2 || args[0] != "--subject") {
    err << "usage: pbem announce --subject TEXT < body\n";
    return kExitUsage;
  }
  const std::string& subject = args[1];
  if (const auto problem = reason_problem(subject)) {
    err << "pbem announce: the subject: " << problem->substr(4) << "; nothing was sent\n";
    return kExitUsage;
  }
  const std::string body{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) {
    err << "pbem announce: the body (standard input) is empty; nothing was sent\n";
    return kExitUsage;
  }
  if (body.size() > kMaxAnnouncement) {
    err << "pbem announce: the body is longer than " << kMaxAnnouncement << " bytes; nothing was sent\n";
    return kExitUsage;
  }
  std::size_t mails = 0;
  const int status = carry_out(
      config, "announce", err,
      [&](Database& db) -> std::optional<std::vector<Reply>> {
        auto replies = announcement_mails(db, config, subject, body);
        mails = replies.size();
        return replies;
      },
      [&](Database& db) { OperatorAudit(db).add(operator_login_name(), "announce", std::nullopt, std::nullopt, subject); });
  if (status == kExitOk)
    out << "announce: " << mails << " mail(s) queued, sent at most " << config.limits.announcements_per_minute
        << " a minute after the other mail\n";
  return status;
}

int run_audit(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty()) {
    err << "usage: pbem audit\n";
    return kExitUsage;
  }
  HeldDatabase held(config);
  Database& db = held.db;
  for (const AuditEntry& entry : OperatorAudit(db).all()) {
    out << entry.at << "  " << entry.operator_name << "  " << entry.action;
    if (entry.userid) out << " " << *entry.userid;
    if (entry.game_id) out << " game " << *entry.game_id;
    out << "  " << entry.reason << "\n";
  }
  return kExitOk;
}

}  // namespace pbem::server
