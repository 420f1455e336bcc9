// `pbem`: the command-line entry point. Each subcommand lives in its own file.
#include <sys/stat.h>

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "server/support/config.h"
#include "server/cli/backup_cli.h"
#include "server/cli/clock_cli.h"
#include "server/cli/engine_cli.h"
#include "server/cli/migrate_to_cli.h"
#include "server/cli/operator_cli.h"
#include "server/cli/ratings_cli.h"
#include "server/cli/server_cli.h"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: pbem [--config FILE] <command> ...\n"
         "  replay <game> [options ...] [--json] -- <ply> ...   replay plies, print the board or JSON\n"
         "  legal <game> [options ...] -- [<ply> ...]            list the legal plies after the given ones\n"
         "  bot <game> [options ...] [--playouts N] [--seed S] -- [<ply> ...]  the computer's move\n"
         "  render <game> [options ...] --png FILE -- [<ply> ...] draw the position as a PNG picture\n"
         "  init [--check]                                       create or migrate the database; --check: can\n"
         "                                                       this user write it and its directory?\n"
         "  ingest [--sender ADDRESS] [--recipient ADDRESS ...] < message\n"
         "                                                       process one mail (MTA pipe delivery)\n"
         "  outbox [list|send]                                   print queued mail (mboxrd), list it, or send it now\n"
         "  ratings --rebuild [--write]                          recompute all ratings, report (or replace) differences\n"
         "  tick                                                 the clock's due reminders, losses on time,\n"
         "                                                       tournament starts and digests; empties sent\n"
         "                                                       mail's text after outbox.keep_sent_days and\n"
         "                                                       deletes what is past inbox.keep_days and\n"
         "                                                       outbox.keep_days (cron)\n"
         "  clock extend HOURS [--game N]                        give the players to move HOURS (1 to 720) more\n"
         "                                                       in every running game, or in game N (an outage)\n"
         "  migrate-to postgresql://...                          copy the SQLite database into PostgreSQL\n"
         "  web                                                  serve the read-only web window on web.listen\n"
         "                                                       (for installations without pbemd)\n"
         "The operator's:\n"
         "  backup FILE                                          a checked copy of the running SQLite database, 0600\n"
         "  restore FILE                                         put a checked copy in place (pbemd stopped)\n"
         "  suspend USERID --reason TEXT [--days N]              refuse the account's commands (not help, export,\n"
         "                                                       delete) for N days or until unsuspend; mails it\n"
         "  unsuspend USERID [--reason TEXT]                     lift a suspension; mails the account\n"
         "  void N --reason TEXT                                 game N ends (or stays ended) without a result,\n"
         "                                                       unrated; ratings recomputed; mails both players\n"
         "  adjudicate N USERID --reason TEXT                    running game N ends as a win for USERID\n"
         "  announce --subject TEXT < body                       one mail to every player with announcements on,\n"
         "                                                       limits.announcements_per_minute a minute\n"
         "  audit                                                every operator act: time, login name, what, reason\n"
         "The configuration is --config FILE, else $PBEM_CONFIG, else config/pbem.json.\n";
}

}  // namespace

int main(int argc, char** argv) {
  // Everything pbem creates is private whatever umask it was started with (the database
  // holds password hashes and keys; cron and a login shell give 022): files 0600,
  // directories 0700. The storage layer makes the database 0600 on its own as well.
  ::umask(077);
  std::vector<std::string> args(argv + 1, argv + argc);
  std::optional<std::filesystem::path> config_path;
  if (args.size() >= 2 && args[0] == "--config") {
    config_path = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) {
    print_usage(std::cerr);
    return 2;
  }
  const std::string command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "replay") return pbem::server::run_replay(rest, std::cout, std::cerr);
  if (command == "legal") return pbem::server::run_legal(rest, std::cout, std::cerr);
  if (command == "bot") return pbem::server::run_bot(rest, std::cout, std::cerr);
  if (command == "render") return pbem::server::run_render(rest, std::cout, std::cerr);
  if (command == "help" || command == "--help" || command == "-h") {
    print_usage(std::cout);
    return 0;
  }
  if (command != "init" && command != "ingest" && command != "outbox" && command != "ratings" &&
      command != "tick" && command != "migrate-to" && command != "web" && command != "clock" &&
      command != "backup" && command != "restore" && command != "suspend" && command != "unsuspend" &&
      command != "void" && command != "adjudicate" && command != "audit" && command != "announce") {
    std::cerr << "pbem: unknown command '" << command << "'\n";
    print_usage(std::cerr);
    return 2;
  }
  pbem::server::Config config;
  try {
    config = pbem::server::load_config(config_path);
  } catch (const std::exception& e) {
    std::cerr << "pbem: " << e.what() << "\n";
    // An MTA must keep the mail while the operator fixes the configuration.
    return command == "ingest" ? pbem::server::kExitTempFail : pbem::server::kExitConfig;
  }
  try {
    if (command == "init") return pbem::server::run_init(config, rest, std::cout);
    if (command == "ingest") return pbem::server::run_ingest(config, rest, std::cin);
    if (command == "ratings") return pbem::server::run_ratings(config, rest, std::cout, std::cerr);
    if (command == "tick") return pbem::server::run_tick(config, rest, std::cout);
    if (command == "clock") return pbem::server::run_clock(config, rest, std::cout, std::cerr);
    if (command == "backup") return pbem::server::run_backup(config, rest, std::cout, std::cerr);
    if (command == "restore") return pbem::server::run_restore(config, rest, std::cout, std::cerr);
    if (command == "suspend") return pbem::server::run_suspend(config, rest, std::cout, std::cerr);
    if (command == "unsuspend") return pbem::server::run_unsuspend(config, rest, std::cout, std::cerr);
    if (command == "void") return pbem::server::run_void(config, rest, std::cout, std::cerr);
    if (command == "adjudicate") return pbem::server::run_adjudicate(config, rest, std::cout, std::cerr);
    if (command == "announce") return pbem::server::run_announce(config, rest, std::cin, std::cout, std::cerr);
    if (command == "audit") return pbem::server::run_audit(config, rest, std::cout, std::cerr);
    if (command == "web") return pbem::server::run_web(config, rest);
    if (command == "migrate-to") return pbem::server::run_migrate_to(config, rest, std::cout, std::cerr);
    return pbem::server::run_outbox(config, rest, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "pbem " << command << ": " << e.what() << "\n";
    return command == "ingest" ? pbem::server::kExitTempFail : pbem::server::kExitSoftware;
  }
}
