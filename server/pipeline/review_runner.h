// Makes the computer's reviews of finished games (server.md "The computer's review of a
// finished game"), one at a time, in pbemd's reviewer thread and in `pbem tick`. A review
// is made in three steps so that thinking never holds the database's write lock:
//  1. read the oldest waiting review's game (storage/reviews.h);
//  2. review it with no lock held (engine/bot/review.h, `review.playouts` a position,
//     seeded by the game's number: the same game always gets the same review);
//  3. in one transaction under the write turn, check it still waits, queue its mail to the
//     user's confirmed addresses and mark it done. A crash before the commit leaves it
//     waiting, to be made again with the same result and Message-IDs; after it, it is done:
//     none is lost and none is mailed twice, even with pbemd and `pbem tick` at once.
#pragma once

#include <functional>

#include "server/pipeline/write_turn.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

class ReviewRunner {
 public:
  // `stopping`: asked between positions; when it says so the review in hand is dropped,
  // still waiting (pbemd shutting down does not wait for a review to end).
  ReviewRunner(Database& db, const Config& config, WriteTurn* turn = nullptr, std::function<bool()> stopping = {});

  // Makes the oldest waiting review; false when none waits (or it was stopped). Throws
  // DatabaseError (the review stays waiting).
  bool make_one();
  // Makes waiting reviews one after another while `go_on()` says so before each; returns
  // how many were made.
  int make_pending(const std::function<bool()>& go_on);

 private:
  Database& db_;
  const Config& config_;
  WriteTurn* turn_;
  std::function<bool()> stopping_;
};

}  // namespace pbem::server
