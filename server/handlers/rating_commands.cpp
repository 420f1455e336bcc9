// `<game> ratings [userid ...]` (pbmserv: `standings`): the Glicko-2 standings of a game.
#include <algorithm>

#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/handlers/answer.h"
#include "server/mailing/reply_format.h"
#include "server/replies/game_replies.h"

namespace pbem::server::handlers {

void ratings(CommandContext& ctx, const Command& c) {
  std::vector<std::int64_t> ids;
  std::vector<std::string> unrated;  // named, known, but without a rated game of this kind
  const std::vector<std::string> named = each_once(c.words);
  for (const std::string& userid : named) ids.push_back(ctx.existing_account(userid).id);
  // Without userids, the best hundred and a count of the rest: not every rated player.
  const std::vector<PlayerRating> rows = named.empty()
                                             ? ctx.ratings.best(c.type, static_cast<int>(Listing::kMaxLines))
                                             : ctx.ratings.standings(c.type, ids);
  for (const std::string& userid : named)
    if (std::none_of(rows.begin(), rows.end(), [&](const PlayerRating& row) { return row.userid == userid; }))
      unrated.push_back(userid);
  const std::size_t unshown =
      named.empty() ? static_cast<std::size_t>(ctx.ratings.count_rated(c.type)) - rows.size() : 0;
  answer(ctx, ratings_reply(c.type, rows, unrated, unshown));
}

}  // namespace pbem::server::handlers
