#include "server/storage/server_secrets.h"
#include "server/cli/server_cli.h"

#include <chrono>
#include <iostream>
#include <iterator>
#include <optional>

#include "engine/text.h"
#include "server/cli/database_access.h"
#include "server/cli/held_database.h"
#include "server/storage/database.h"
#include "server/support/clock.h"
#include "server/support/log.h"
#include "server/pipeline/clock_duties.h"
#include "server/pipeline/review_runner.h"
#include "server/pipeline/bot_turns.h"
#include "server/pipeline/mail_service.h"
#include "server/storage/file_space.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/pipeline/outbox_sender.h"
#include "server/web/http_server.h"

namespace pbem::server {

namespace {

// mboxrd: a body line matching ^>*From  gets one more '>', so readers can undo it.
std::string mbox_escaped(const std::string& data) {
  std::string out;
  std::size_t start = 0;
  while (start < data.size()) {
    std::size_t end = data.find('\n', start);
    std::string line = data.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
    std::size_t quotes = line.find_first_not_of('>');
    if (quotes != std::string::npos && line.compare(quotes, 5, "From ") == 0) out += '>';
    out += line;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

// An mboxrd From_ line as mutt and s-nail read it: the envelope sender (a bounce's empty
// one as MAILER-DAEMON) and the time it was queued in asctime's form.
std::string mbox_from_line(const QueuedMail& mail) {
  const std::string sender = mail.envelope_from.empty() ? "MAILER-DAEMON" : mail.envelope_from;
  // created_at is always the store's own ISO time; the moment of printing is only a fallback.
  const auto queued = parse_iso8601(mail.created_at).value_or(std::chrono::system_clock::now());
  return "From " + sender + " " + ctime_utc(queued) + "\n";
}

}  // namespace

int run_init(const Config& config, const std::vector<std::string>& args, std::ostream& out) {
  if (args == std::vector<std::string>{"--check"}) {
    // Whether this user can write what ingest, tick and pbemd write, without touching it.
    if (Database::is_postgres_uri(config.database.string())) {
      out << "database " << Database::shown_location(config.database)
          << " is PostgreSQL: its access is the role's; `pbem init` connects and says so\n";
      return kExitOk;
    }
    const auto problems = database_access_problems(config.database);
    for (const std::string& problem : problems) out << "pbem init --check: " << problem << "\n";
    if (!problems.empty()) return kExitCantCreate;
    out << "database " << config.database.string() << ": " << running_user() << " can write it and its directory\n";
    return kExitOk;
  }
  if (!args.empty()) {
    std::cerr << "usage: pbem init [--check]\n";
    return kExitUsage;
  }
  const DatabaseHold hold(config.database, DatabaseHold::Kind::shared);  // as HeldDatabase, but init says what it applied
  Database db(config.database);
  auto applied = migrate(db);
  ServerSecrets(db).key(ServerSecrets::kGameAddress);  // made now, so every game mail uses it
  out << "database " << Database::shown_location(config.database) << " at schema version " << schema_version(db) << " ("
      << applied.size() << " migrations applied now)\n";
  // A SQLite file made before schema 018 has no incremental auto-vacuum: one VACUUM turns
  // it on (docs/operating.md "Retention"). Only here, where an operator runs it: it rewrites
  // the whole file, which pbemd and an MTA's pipe must not wait for.
  FileSpace space(db);
  if (db.dialect() == Dialect::sqlite && !space.can_shrink()) {
    out << "database " << config.database.string() << ": turning on incremental auto-vacuum (one VACUUM) ...\n"
        << std::flush;
    space.enable_shrinking();
    out << "database " << config.database.string() << ": incremental auto-vacuum "
        << (space.can_shrink() ? "on" : "still off") << "\n";
  }
  return kExitOk;
}

int run_ingest(const Config& config, const std::vector<std::string>& args, std::istream& in) {
  std::optional<std::string> envelope_from;
  std::vector<std::string> envelope_to;  // as an MTA's pipe gives ${recipient}: may be a game address
  // The null sender as MTAs pass it: empty, "<>", or Postfix pipe's stand-in MAILER-DAEMON
  // (pipe(8) writes that for ${sender} unless master.cf says null_sender=).
  const auto null_sender_or = [](const std::string& sender) {
    return sender.empty() || sender == "<>" || to_lower(sender) == "mailer-daemon" ? std::string() : sender;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--sender" && i + 1 < args.size()) {
      envelope_from = null_sender_or(args[++i]);
    } else if (args[i].starts_with("--sender=")) {
      envelope_from = null_sender_or(args[i].substr(9));
    } else if (args[i] == "--recipient" && i + 1 < args.size()) {
      envelope_to.push_back(args[++i]);
    } else {
      std::cerr << "usage: pbem ingest [--sender ADDRESS | --sender=ADDRESS] [--recipient ADDRESS ...] < message\n";
      return kExitUsage;
    }
  }
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (raw.empty()) {
    std::cerr << "pbem ingest: no message on standard input\n";
    return kExitUsage;
  }
  std::optional<HeldDatabase> held;
  ReceiveResult received;
  try {
    held.emplace(config);
    MailService service(held->db, config);
    received = service.receive(raw, envelope_from, envelope_to);
  } catch (const std::exception& e) {
    // Not stored: the MTA keeps the message and tries again later. A database this user
    // cannot write is said in one line (Postfix logs it), or it would fail for days unseen.
    std::string why = e.what();
    if (!Database::is_postgres_uri(config.database.string()))
      if (const auto problems = database_access_problems(config.database); !problems.empty())
        why = join(problems, "; ") + " (" + why + "); make the database as this user (`sudo -u " +
              running_user().substr(0, running_user().find(' ')) + " pbem init`) or give it to them";
    log_line("ingest: could not store the message, asking the MTA to retry: " + why);
    return kExitTempFail;
  }
  std::optional<BotTurns> bot;
  try {
    bot.emplace(held->db, config);
    MailService service(held->db, config);
    // Earlier messages left pending by a crash go first, in arrival order.
    service.process_pending();
  } catch (const std::exception& e) {
    // Stored but not processed: a retry finds it pending and processes it then.
    log_line(std::string("ingest: stored inbox ") + std::to_string(received.inbox_id) +
             " but could not process it yet: " + e.what());
    return kExitTempFail;
  }
  try {
    // The message is processed and its replies queued; the computer's moves it made due
    // are separate transactions. One that fails is made at the next mail.
    bot->play_pending();
  } catch (const std::exception& e) {
    log_line(std::string("ingest: the computer's move is left for later: ") + e.what());
  }
  return kExitOk;
}

int run_outbox(const Config& config, const std::vector<std::string>& args, std::ostream& out) {
  HeldDatabase held(config);
  Outbox outbox(held.db);
  auto queued = outbox.queued();
  if (args.empty()) {
    for (const QueuedMail& mail : queued) {
      out << mbox_from_line(mail);
      std::string data = mail.data;
      std::string unix_text;
      for (std::size_t i = 0; i < data.size(); ++i)
        if (!(data[i] == '\r' && i + 1 < data.size() && data[i + 1] == '\n')) unix_text += data[i];
      out << mbox_escaped(unix_text);
      if (!unix_text.empty() && unix_text.back() != '\n') out << "\n";
      out << "\n";
    }
    return kExitOk;
  }
  if (args.size() == 1 && args[0] == "list") {
    for (const QueuedMail& mail : queued)
      out << mail.id << "\t" << mail.created_at << "\t" << mail.recipient << "\t<" << mail.message_id << ">\t"
          << mail.attempts << " attempts\n";
    return kExitOk;
  }
  if (args.size() == 1 && args[0] == "send") {
    std::size_t attempted = send_due_once(config);
    auto left = outbox.queued().size();
    out << attempted << " messages attempted, " << left << " still queued\n";
    return kExitOk;
  }
  std::cerr << "usage: pbem outbox [list|send]\n";
  return kExitUsage;
}

// How long a tick begins new reviews (each one it begins it finishes).
constexpr std::chrono::seconds kTickReviewTime{45};

int run_tick(const Config& config, const std::vector<std::string>& args, std::ostream& out) {
  if (!args.empty()) {
    std::cerr << "usage: pbem tick\n";
    return kExitUsage;
  }
  try {
    HeldDatabase held(config);
    // Its retention empties sent mail's texts after outbox.keep_sent_days, too.
    const ClockDutiesDone done = run_clock_duties(held.db, config);
    out << "tick: " << done.reminders << " reminder(s), " << done.timeouts << " loss(es) on time, "
        << done.never_moved << " abort(s): never moved, " << done.autovacations
        << " vacation day(s) instead (autovacation), " << done.tournaments
        << " tournament(s) started or cancelled, " << done.invitations << " invitation(s) lapsed, "
        << done.digests << " digest(s), " << done.deleted
        << " old row(s) deleted\n";
    // The computer's reviews waiting, one at a time, for an installation without pbemd; a
    // new one is begun only within kTickReviewTime, so that a tick a minute does not pile up.
    const auto until = std::chrono::steady_clock::now() + kTickReviewTime;
    const int reviews =
        ReviewRunner(held.db, config).make_pending([&] { return std::chrono::steady_clock::now() < until; });
    if (reviews > 0) out << "tick: " << reviews << " review(s) mailed\n";
  } catch (const DatabaseError& e) {
    // What was done is committed; the rest is still due at the next tick.
    log_line(std::string("tick: stopped, the rest is done at the next tick: ") + e.what());
    return kExitTempFail;
  }
  return kExitOk;
}

int run_web(const Config& config, const std::vector<std::string>& args) {
  if (!args.empty()) {
    std::cerr << "usage: pbem web\n";
    return kExitUsage;
  }
  // Migrated as by every other command, so the pages find their tables; held as long as it
  // serves, as pbemd holds it, so that no restore pulls the database from under it.
  const HeldDatabase held(config);
  return web::run_web_server(config);
}

}  // namespace pbem::server
