// pbemd: the SMTP daemon. Three parts that share nothing but the database:
//   receiver  - the SMTP server; a message is stored in the inbox before it gets 250;
//   processor - a worker thread that processes pending inbox rows exactly as `pbem ingest`;
//   sender    - drains the outbox to the smarthost.
#pragma once

#include "server/config.h"

namespace pbem::server {

// Runs until SIGTERM or SIGINT; returns the process exit status.
int run_daemon(const Config& config);

}  // namespace pbem::server
