// `<game> ratings [userid ...]` (pbmserv: `standings`): the Glicko-2 standings of a game.
#include <algorithm>

#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/mailing/reply_format.h"
#include "server/ratings/rating_text.h"

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
  std::size_t width = 0;
  for (const PlayerRating& row : rows) width = std::max(width, row.userid.size());
  std::string text = game_title(c.type) + " ratings (Glicko-2; ? = provisional, ± = rating deviation):\n\n";
  Listing lines;
  for (const PlayerRating& row : rows)
    lines.add(standings_text(row.userid, width, row.rating, row.games, row.wins, row.losses));
  for (const std::string& userid : unrated) lines.add(userid + "  no rated " + c.type + " game yet");
  if (named.empty()) lines.add_unshown(static_cast<std::size_t>(ctx.ratings.count_rated(c.type)) - rows.size());
  text += lines.text("  ", "(nobody has finished a rated game yet)");
  ctx.out.replies.push_back(ctx.to_sender(game_title(c.type) + " ratings", text));
}

}  // namespace pbem::server::handlers
