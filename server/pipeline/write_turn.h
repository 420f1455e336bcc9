// Turns at the database's write lock for the threads of one process, first come first
// served. SQLite's own busy handler polls with growing sleeps, so a thread that commits and
// begins again at once (the processor, batch after batch) can keep the storing threads
// out for a long time; taking turns here hands the lock over the moment it is free.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace pbem::server {

class WriteTurn {
 public:
  // Blocks until every earlier caller has finished its turn.
  void begin() {
    std::unique_lock lock(mutex_);
    const std::uint64_t mine = next_ticket_++;
    turn_changed_.wait(lock, [&] { return serving_ == mine; });
  }
  void end() {
    {
      std::lock_guard lock(mutex_);
      ++serving_;
    }
    turn_changed_.notify_all();
  }

  // One turn for the lifetime of this object (nothing when `turn` is null).
  class Scope {
   public:
    explicit Scope(WriteTurn* turn) : turn_(turn) {
      if (turn_) turn_->begin();
    }
    ~Scope() {
      if (turn_) turn_->end();
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    WriteTurn* turn_;
  };

 private:
  std::mutex mutex_;
  std::condition_variable turn_changed_;
  std::uint64_t next_ticket_ = 0;
  std::uint64_t serving_ = 0;
};

}  // namespace pbem::server
