#include "server/cli/ratings_cli.h"

#include <ostream>

#include "server/cli/held_database.h"
#include "server/cli/server_cli.h"
#include "server/play/rated_game.h"
#include "server/storage/database.h"
#include "server/storage/ratings.h"

namespace pbem::server {

namespace {
constexpr int kExitDifferent = 1;
}

int run_ratings(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const bool write = args.size() == 2 && args[1] == "--write";
  if (args.empty() || args[0] != "--rebuild" || (args.size() == 2 && !write) || args.size() > 2) {
    err << "usage: pbem ratings --rebuild [--write]\n";
    return kExitUsage;
  }
  HeldDatabase held(config);
  Database& db = held.db;
  // One transaction either way: the comparison sees one consistent state even while pbemd
  // runs, and without --write it is rolled back, so nothing changes.
  Transaction transaction(db);
  const RatingsRebuild rebuild = Ratings(db).rebuild(write, rated_result);
  for (const std::string& difference : rebuild.differences) out << difference << "\n";
  out << rebuild.games << " rated games recomputed; ";
  if (rebuild.differences.empty()) {
    out << "the kept ratings agree exactly\n";
    return kExitOk;
  }
  out << rebuild.differences.size() << " differences from the kept ratings";
  if (!write) {
    out << "\n";
    return kExitDifferent;
  }
  transaction.commit();
  out << ", now replaced by the recomputed ratings\n";
  return kExitOk;
}

}  // namespace pbem::server
