// `pbem init`, `pbem ingest` and `pbem outbox`: the server's entry points for operators and
// for an MTA's pipe delivery.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/support/config.h"

namespace pbem::server {

// sysexits(3) codes used by `pbem ingest`.
constexpr int kExitOk = 0;
constexpr int kExitUsage = 64;      // EX_USAGE
constexpr int kExitSoftware = 70;   // EX_SOFTWARE
constexpr int kExitConfig = 78;     // EX_CONFIG
constexpr int kExitCantCreate = 73;  // EX_CANTCREAT
constexpr int kExitTempFail = 75;   // EX_TEMPFAIL: the MTA should retry

// Creates or migrates the database; `--check`: only says whether the running user can write
// the SQLite database and its directory (exit 73 when not).
int run_init(const Config& config, const std::vector<std::string>& args, std::ostream& out);
// Reads one message from `in`; args: [--sender ADDRESS | --sender=ADDRESS] (the envelope
// sender; "", "<>" or MAILER-DAEMON, any case, for the null sender) [--recipient ADDRESS
// ...] (the envelope recipients: a game or digest address).
int run_ingest(const Config& config, const std::vector<std::string>& args, std::istream& in);
// No args: queued mail as an mboxrd on `out`, oldest first (ctime From_ lines, as mutt and
// s-nail read them). "list": one line per message.
// "send": one delivery pass to the smarthost (for pipe delivery without pbemd).
int run_outbox(const Config& config, const std::vector<std::string>& args, std::ostream& out);
// The clock's duties that are due, each once (pipeline/clock_duties.h); one line on `out`
// saying what was done. 0 when done, 75 when the database could not be written (busy):
// cron simply runs it again.
int run_tick(const Config& config, const std::vector<std::string>& args, std::ostream& out);
// `pbem web`: the web window alone (web.listen), until SIGTERM or SIGINT.
int run_web(const Config& config, const std::vector<std::string>& args);

}  // namespace pbem::server
