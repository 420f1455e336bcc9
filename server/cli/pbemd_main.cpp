// `pbemd [--config FILE]`: the SMTP daemon.
#include <sys/stat.h>

#include <iostream>
#include <optional>
#include <string>

#include "server/support/config.h"
#include "server/pipeline/daemon.h"

int main(int argc, char** argv) {
  // As pbem: whatever the umask it was started with, what pbemd creates is 0600 (files) and
  // 0700 (directories). config/pbemd.service sets UMask=0077 too.
  ::umask(077);
  std::optional<std::filesystem::path> config_path;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--config" && i + 1 < argc) {
      config_path = argv[++i];
    } else {
      std::cerr << "usage: pbemd [--config FILE]\n"
                   "The configuration is --config FILE, else $PBEM_CONFIG, else config/pbem.json.\n";
      return arg == "--help" || arg == "-h" ? 0 : 64;
    }
  }
  try {
    return pbem::server::run_daemon(pbem::server::load_config(config_path));
  } catch (const std::exception& e) {
    std::cerr << "pbemd: " << e.what() << "\n";
    return 78;  // EX_CONFIG
  }
}
