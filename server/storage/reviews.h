// The computer's reviews of finished games (schema 039): each row a review asked for
// (`<game> review`) or due (`reviews auto`), waiting until its mail is queued. Written in the
// transaction that asks, served oldest first (pipeline/review_runner.h), done in the
// transaction that queues its mail: none is lost and none is sent twice.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/database.h"

namespace pbem::server {

struct WaitingReview {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  std::int64_t user_id = 0;
  bool automatic = false;
};

class Reviews {
 public:
  explicit Reviews(Database& db) : db_(db) {}

  // Queues a review of `game_id` for `user_id`; returns its id.
  std::int64_t ask(std::int64_t game_id, std::int64_t user_id, bool automatic, std::chrono::system_clock::time_point now);
  // Reviews waiting (all, or those before and with `id`: a review's place in the queue).
  std::int64_t waiting() const;
  std::int64_t place_of(std::int64_t id) const;
  std::int64_t done() const;
  // Whether `user_id` has a review of `game_id` waiting already.
  bool waits_for(std::int64_t game_id, std::int64_t user_id) const;
  // Reviews `user_id` asked for (not `reviews auto`) at or after `since`.
  int asked_since(std::int64_t user_id, std::chrono::system_clock::time_point since) const;
  // The oldest waiting review.
  std::optional<WaitingReview> next() const;
  void mark_done(std::int64_t id, std::chrono::system_clock::time_point now);
  // Retention: done reviews settled before `cutoff` go (asked_since looks back one day).
  void forget_done_before(std::chrono::system_clock::time_point cutoff);

  // `set userid password reviews auto|off`.
  bool automatic_for(std::int64_t user_id) const;
  void set_automatic(std::int64_t user_id, bool on);

 private:
  Database& db_;
};

}  // namespace pbem::server
