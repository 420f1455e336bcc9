// `pbem replay`, `pbem legal` and `pbem render`: the rules engine on the command line, no database, no mail.
// Contract: docs/operating.md, "The rules engine on the command line".
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace pbem::server {

// Exit status per the contract: 0 all plies accepted, 1 an illegal ply, 2 a bad command line.
int run_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_legal(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `pbem render <game> [options ...] [--png FILE] -- [<ply> ...]`: writes the picture of the
// position to FILE (or, with no --png, to standard output) and why the game ended, if it did,
// to standard output as text. An illegal ply writes nothing and exits 1.
// `pbem bot <game> [options ...] [--playouts N] [--seed S] -- [<ply> ...]`: prints the ply the
// computer opponent would play after the given plies, in canonical form (as `legal` writes
// it). Same exit statuses; a finished game exits 1 (there is no move to choose).
int run_bot(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_render(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pbem::server
