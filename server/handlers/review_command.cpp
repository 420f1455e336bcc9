// `<game> review board userid password` (server.md "The computer's review of a finished
// game"): queues the computer's review of a finished game for any user with a confirmed
// address, and answers at once with its place in the queue. The review itself is made
// after the commit, one at a time (pipeline/review_runner.h). Never for a game under way:
// no help while a game is played.
#include <chrono>

#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/handlers/answer.h"
#include "server/replies/finished_game_replies.h"
#include "server/storage/reviews.h"

namespace pbem::server::handlers {

void review(CommandContext& ctx, const Command& c) {
  const Account user = ctx.authenticated(c);
  const GameRecord game = ctx.started_game_of_type(c, c.boards.at(0).number);
  if (game.active) throw CommandError(refusal_text(review_refusal::Running{game.id}));
  if (game.plies == 0) throw CommandError(refusal_text(review_refusal::Empty{game.id}));
  if (user.confirmed.empty()) throw CommandError(refusal_text(review_refusal::Unconfirmed{user.userid}));
  Reviews reviews(ctx.db);
  const auto now = std::chrono::system_clock::now();
  if (reviews.waits_for(game.id, user.id))
    throw CommandError(refusal_text(review_refusal::Waiting{game.id, reviews.waiting()}));
  if (reviews.asked_since(user.id, now - std::chrono::hours(24)) >= ctx.config.review.per_user_per_day)
    throw CommandError(refusal_text(review_refusal::PerDay{user.userid, ctx.config.review.per_user_per_day}));
  if (const auto waiting = reviews.waiting(); waiting >= ctx.config.review.queue)
    throw CommandError(refusal_text(review_refusal::QueueFull{waiting}));
  const std::int64_t id = reviews.ask(game.id, user.id, false, now);
  const std::int64_t place = reviews.place_of(id);
  ctx.out.summary = c.type + " #" + std::to_string(game.id) + " review queued for " + user.userid + " (number " +
                    std::to_string(place) + ")";
  answer(ctx, review_queued(game, place));
}

}  // namespace pbem::server::handlers
