// `pbem`: the command-line entry point. Subcommands dispatch to one file each.
#include <iostream>
#include <string>
#include <vector>

#include "server/engine_cli.h"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: pbem [--config FILE] <command> ...\n"
         "  replay <game> [options ...] [--json] -- <ply> ...   replay plies, print the board or JSON\n"
         "  legal <game> [options ...] -- [<ply> ...]            list the legal plies after the given ones\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_usage(std::cerr);
    return 2;
  }
  const std::string command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "replay") return pbem::server::run_replay(rest, std::cout, std::cerr);
  if (command == "legal") return pbem::server::run_legal(rest, std::cout, std::cerr);
  if (command == "help" || command == "--help" || command == "-h") {
    print_usage(std::cout);
    return 0;
  }
  std::cerr << "pbem: unknown command '" << command << "'\n";
  print_usage(std::cerr);
  return 2;
}
