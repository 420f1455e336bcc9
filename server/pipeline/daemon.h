// pbemd: the SMTP daemon. Parts that share nothing but the database, each on its own
// thread so that none waits for another:
//   receiver  - the SMTP server (network thread); a message is stored in the inbox by the
//               storage thread (InboxWriter) before it gets 250;
//   processor - a worker thread that processes pending inbox rows exactly as `pbem ingest`;
//   sender    - drains the outbox to the smarthost on its own io_context and thread.
#pragma once

#include "server/support/config.h"

namespace pbem::server {

// Runs until SIGTERM or SIGINT; returns the process exit status.
int run_daemon(const Config& config);

}  // namespace pbem::server
