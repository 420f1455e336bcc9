#include "server/pipeline/work_ahead.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <string>
#include <thread>

#include "server/support/log.h"

namespace pbem::server {

void run_ahead(const std::vector<std::function<void()>>& jobs) {
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next++) < jobs.size();) {
      try {
        jobs[i]();
      } catch (const std::exception& e) {
        log_line(std::string("work ahead of a batch failed (its transaction does it instead): ") + e.what());
      } catch (...) {
        log_line("work ahead of a batch failed (its transaction does it instead): an unknown exception");
      }
    }
  };
  const std::size_t helpers = std::min<std::size_t>(jobs.size(), std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::jthread> threads;
  for (std::size_t t = 1; t < helpers; ++t) threads.emplace_back(work);
  work();  // this thread is one of the workers
}

}  // namespace pbem::server
