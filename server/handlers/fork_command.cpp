// `<game> fork board#K userid password [opponent]` (server.md "Forking a finished game"): a
// new, unrated game from the position after ply K of a finished game, with the same
// options and the default clock. The sender plays the side to move at ply K, against the
// computer or, as an invitation under the rules of consent, against another player.
// Never for a game under way: no help while a game is played.
#include "engine/registry.h"
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/replies/finished_game_replies.h"

namespace pbem::server::handlers {

void fork(CommandContext& ctx, const Command& c) {
  const Account player = ctx.authenticated(c);
  const GameRecord source = ctx.started_game_of_type(c, c.boards.at(0).number);
  if (source.active) throw CommandError(refusal_text(fork_refusal::Running{source.id}));
  // Board plies only: a resignation is the last stored ply, and no position of its own.
  std::vector<StoredMove> prefix = ctx.records.moves(source.id);
  std::erase_if(prefix, [](const StoredMove& move) { return move.move == "resign"; });
  const int board_plies = static_cast<int>(prefix.size());
  const int ply = *c.boards.at(0).ply;
  if (ply < 0 || ply > board_plies)
    throw CommandError(refusal_text(fork_refusal::NoSuchPly{source.id, board_plies}));
  prefix.resize(static_cast<std::size_t>(ply));
  const auto position = ctx.records.replay(source, ply);
  if (position->over()) throw CommandError(refusal_text(fork_refusal::Over{source.id, ply}));
  const std::string opponent_userid = c.words.empty() ? ctx.config.bot.userid : c.words.front();
  // The computer's account is made when it is first asked for, as by a challenge.
  if (opponent_userid == ctx.config.bot.userid) ctx.accounts.ensure_computer(opponent_userid);
  const Account opponent = ctx.existing_account(opponent_userid);
  if (opponent.id == player.id) throw CommandError(refusal_text(fork_refusal::Yourself{}));
  // The seats alternate ply by ply: after an even ply the first seat is to move.
  const bool first = ply % 2 == 0;
  const Account& first_player = first ? player : opponent;
  const Account& second_player = first ? opponent : player;
  const GameRecord forked = start_or_invite(
      ctx, {.type = source.type,
            .options = source.options,
            .first = first_player,
            .second = second_player,
            .challenger = player,
            .rated = false,
            .days_per_move = ctx.config.clock.days_per_move,
            .bank = std::nullopt,
            .weekends_off = false,
            .fork = Challenge::Fork{source, prefix, *position}},
      fork_headline(player.userid, source, ply, first_player.userid, second_player.userid));
  ctx.out.summary = c.type + " #" + std::to_string(forked.id) + " fork of #" + std::to_string(source.id) + " at ply " +
                    std::to_string(ply) + " by " + player.userid + (forked.invitation ? " (an invitation)" : "");
}

}  // namespace pbem::server::handlers
