#include "server/cli/clock_cli.h"

#include <optional>
#include <ostream>

#include "engine/text.h"
#include "server/cli/held_database.h"
#include "server/cli/server_cli.h"
#include "server/handlers/clock_extension.h"
#include "server/pipeline/clock_duties.h"
#include "server/storage/database.h"

namespace pbem::server {

namespace {

constexpr int kExitNotExtended = 1;

// A whole number written in at most `digits` digits; nothing for anything else.
std::optional<std::int64_t> whole_number(const std::string& text, std::size_t digits) {
  if (text.empty() || text.size() > digits || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(text);
}

}  // namespace

int run_clock(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = "usage: pbem clock extend HOURS [--game N]   (HOURS " +
                            std::to_string(kMinClockExtensionHours) + " to " +
                            std::to_string(kMaxClockExtensionHours) + ")\n";
  const bool shape = (args.size() == 2 || (args.size() == 4 && args[2] == "--game")) && args[0] == "extend";
  const auto hours = shape ? whole_number(args[1], 4) : std::nullopt;
  const auto game = shape && args.size() == 4 ? whole_number(args[3], 18) : std::nullopt;
  if (!hours || (args.size() == 4 && (!game || *game < 1))) {
    err << usage;
    return kExitUsage;
  }
  if (*hours < kMinClockExtensionHours || *hours > kMaxClockExtensionHours) {
    err << "pbem clock extend: " << *hours << " hours is out of range; nothing was changed\n" << usage;
    return kExitUsage;
  }
  try {
    HeldDatabase held(config);
    const int games = extend_clocks_now(held.db, config, static_cast<int>(*hours), game);
    out << "clock extend: " << *hours << " hours more in " << counted(static_cast<std::size_t>(games), "game") << "\n";
    return kExitOk;
  } catch (const CommandError& e) {
    err << "pbem clock extend: " << e.what() << "; nothing was changed\n";
    return kExitNotExtended;
  } catch (const DatabaseError& e) {
    err << "pbem clock extend: " << e.what() << "; nothing was changed, try again\n";
    return kExitTempFail;
  }
}

}  // namespace pbem::server
