#include "server/pipeline/review_runner.h"

#include <chrono>
#include <optional>
#include <utility>

#include "engine/bot/review.h"
#include "server/competition/registry.h"
#include "server/mailing/review_mail.h"
#include "server/pipeline/crash_point.h"
#include "server/pipeline/reply_queue.h"
#include "server/records/record_source.h"
#include "server/records/review_files.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/metric_counts.h"
#include "server/storage/reviews.h"
#include "server/support/log.h"

namespace pbem::server {

namespace {

// Done reviews are kept a day and a little more: the per-day limit counts the last 24 hours.
constexpr std::chrono::hours kKeepDone{48};

}  // namespace

ReviewRunner::ReviewRunner(Database& db, const Config& config, WriteTurn* turn, std::function<bool()> stopping)
    : db_(db), config_(config), turn_(turn), stopping_(std::move(stopping)) {}

bool ReviewRunner::make_one() {
  Reviews reviews(db_);
  const auto waiting = reviews.next();
  if (!waiting) return false;
  GameRecords records(db_);
  const auto game = records.find(waiting->game_id);
  const auto account = Accounts(db_).find_by_id(waiting->user_id);
  std::vector<Reply> replies;
  if (game && account && !account->confirmed.empty()) {
    std::vector<bot::RecordedPly> plies;
    for (const StoredMove& move : records.moves(game->id)) plies.push_back({move.move, move.colour});
    const auto start = records.replay(*game, 0);
    // No lock is held while the computer thinks.
    std::optional<bot::Review> made;
    try {
      made = bot::review_game(*start, plies, config_.review.playouts, static_cast<std::uint64_t>(game->id), stopping_);
    } catch (const bot::ReviewStopped&) {
      return false;  // still waiting: made again at the next start
    }
    const bot::Review& review = *made;
    const RecordSource source = record_source(db_, competitions(), *game, config_.server.address);
    const ReviewedGame reviewed{source.game, source.title, {source.players[0].userid, source.players[1].userid},
                                source.result ? source.result->winner_seat : std::nullopt, review_files(source, review)};
    const Reply mail = review_mail(reviewed, review, *start, account->pictures);
    for (const std::string& address : account->confirmed) {
      Reply copy = mail;
      copy.to = address;
      replies.push_back(std::move(copy));
    }
  }
  WriteTurn::Scope scope(turn_);
  Transaction transaction(db_);
  // Another reviewer (pbemd and `pbem tick` at once) may have made it meanwhile.
  const auto still = Reviews(db_).next();
  if (!still || still->id != waiting->id) return true;
  crash_point("review-before-mail");
  queue_replies(db_, config_, "review " + std::to_string(waiting->id), CommandThread{}, replies,
                "pbem-review-" + std::to_string(waiting->id) + "-", "", std::nullopt);
  const auto now = std::chrono::system_clock::now();
  reviews.mark_done(waiting->id, now);
  reviews.forget_done_before(now - kKeepDone);
  MetricCounts(db_).review_done();
  crash_point("review-before-commit");
  transaction.commit();
  log_line("review " + std::to_string(waiting->id) + " of game " + std::to_string(waiting->game_id) + " for user " +
           std::to_string(waiting->user_id) + ": " + std::to_string(replies.size()) + " mails queued");
  return true;
}

int ReviewRunner::make_pending(const std::function<bool()>& go_on) {
  int made = 0;
  while (go_on() && make_one()) ++made;
  return made;
}

}  // namespace pbem::server
