// The mail a game sends besides answers to its sender: the board mail both players (and
// the game's watchers) get after a challenge, a move or an accepted undo, the clock's
// duties (reminders, loss on time, which write the same mail without a command), and the
// notices about proposals. Shared by the game commands (game_commands.cpp), the clock
// (pipeline's tick), the proposals (proposal_commands.cpp) and the watchers
// (watch_commands.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/commands/context.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::server {

// Adds to ctx.out the board mail for both players (only `only_user` when given) with
// `headline` first; the mail that ends a rated game shows `rating_changes`. `subject`
// replaces the usual "<Game> #N: bob to move" when not empty. The game's watchers get it
// too, without a move prompt (not when it goes to `only_user` alone: a reminder is that
// player's own).
void game_update(CommandContext& ctx, const GameRecord& record, const Game& game, const std::string& headline,
                 const std::vector<RatingChange>& rating_changes = {}, const std::string& subject = "",
                 std::optional<std::int64_t> only_user = std::nullopt);

// A mail about the game to every confirmed address of both players, threaded with the
// game's mail and carrying each player's game address; `text_for` writes each player's text.
void mail_players(CommandContext& ctx, const GameRecord& record, const std::string& subject,
                  const std::function<std::string(const Account&)>& text_for);

// A game's board picture, drawn when first asked for: a board mail whose recipients all
// turned pictures off costs no drawing (issue 15: drawing was most of a move's CPU). It
// comes from the shared picture cache, where the batch's moves were drawn in advance
// (pipeline/picture_warmup.h).
class PictureOnDemand {
 public:
  explicit PictureOnDemand(const Game& game) : game_(&game) {}
  const std::string& png();

 private:
  const Game* game_;
  std::optional<std::string> png_;
};

// The game's watchers get `text` (a board mail's text without anything meant only for a
// player), with the picture (when given) for those who take pictures. No game address, no
// password.
void mail_watchers(CommandContext& ctx, const GameRecord& record, const std::string& subject,
                   const std::string& text, PictureOnDemand* picture = nullptr);

// Makes the users who watch every new game of the record's kind its watchers (a new game
// from a challenge or a rematch).
void add_kind_watchers(CommandContext& ctx, const GameRecord& record);

// "Watchers: 2" for `show`.
std::string watchers_line(CommandContext& ctx, const GameRecord& record);

}  // namespace pbem::server
