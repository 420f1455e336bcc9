// Jobs done ahead of a batch's write transaction (password checks, board pictures) on
// every core. Each is a guess the transaction does not depend on: a job that throws is
// logged and dropped, never left to end the process (an exception escaping a thread is
// std::terminate), and never stops the other jobs.
#pragma once

#include <functional>
#include <vector>

namespace pbem::server {

// Runs every job once, on this thread and up to hardware_concurrency - 1 more, and returns
// when all are done.
void run_ahead(const std::vector<std::function<void()>>& jobs);

}  // namespace pbem::server
