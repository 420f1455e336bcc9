// `pbem replay` and `pbem legal`: the rules engine on the command line, no database, no mail.
// Contract: docs/operating.md, "The rules engine on the command line".
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace pbem::server {

// Exit status per the contract: 0 all plies accepted, 1 an illegal ply, 2 a bad command line.
int run_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_legal(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pbem::server
