#include "server/context/command_context.h"

#include "server/handlers/answer.h"
#include "server/handlers/handlers.h"
#include "server/handlers/player_acts.h"
#include "server/play/conditional_tree.h"
#include "server/play/game_clock.h"
#include "server/play/seats.h"
#include "server/replies/conditional_replies.h"
#include "server/storage/conditional_moves.h"

namespace pbem::server {

namespace {

// A refused line: the reason may name its plies, which only its owner reads.
CommandError refused_line(const std::string& reason) {
  return CommandError(reason, {}, "the conditional line was refused (the reason went to its owner only)");
}

// The line the owner sent, replayed from the current position: every ply legal in its
// turn, nothing after a ply that ends the game. Canonical plies, or a CommandError.
ConditionalLine replayed(const Game& now, const std::vector<std::string>& plies) {
  if (plies.size() % 2 != 0)
    throw CommandError(refusal_text(conditional_refusal::OddPlies{plies.size()}));
  if (plies.size() > ConditionalTree::kMaxPlies)
    throw CommandError(refusal_text(conditional_refusal::TooLong{ConditionalTree::kMaxPlies, plies.size()}));
  auto game = now.clone();
  ConditionalLine line;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const std::size_t number = i + 1;  // in the line, as its owner counts
    if (plies[i] == "resign") throw refused_line(refusal_text(conditional_refusal::Resign{number}));
    if (game->over()) throw refused_line(refusal_text(conditional_refusal::AfterEnd{number}));
    const PlyResult result = game->play(plies[i]);
    if (!result.ok) throw refused_line(refusal_text(conditional_refusal::Illegal{number, result.error}));
    line.push_back(now.ply_identity(result.move));
  }
  return line;
}

}  // namespace

namespace handlers {

void conditional(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  set_conditional_moves(ctx, player, record, c.words);
}

void set_conditional_moves(CommandContext& ctx, const Account& player, const GameRecord& record,
                           const std::vector<std::string>& words) {
  const std::string number = std::to_string(record.id);
  if (!record.active) throw CommandError(refusal_text(conditional_refusal::GameOver{record.id}));
  const auto game = ctx.records.replay(record);
  const int mine = colour_of_user(record, *game, player.id);
  const std::string opponent = userids_by_colour(record, *game)[static_cast<std::size_t>(1 - mine)];
  ConditionalMoves stored_moves(ctx.db);
  StoredConditionalLines stored = stored_moves.of(record.id, player.id);
  ConditionalTree tree(stored.lines);
  ctx.out.summary = record.type + " #" + number + " conditional moves of " + player.userid;  // never the plies

  if (words.empty()) {
    answer(ctx, conditional_moves_shown(record, opponent, tree.lines()));
    return;
  }
  if (words.size() == 1 && words.front() == "clear") {
    stored_moves.store(record.id, player.id, {});
    answer(ctx, conditional_moves_cleared(record, tree.lines().size()));
    return;
  }
  if (game->over()) throw CommandError(refusal_text(conditional_refusal::GameOver{record.id}));
  if (game->to_move() == mine) throw CommandError(refusal_text(conditional_refusal::OnYourMove{record.id}));
  const ConditionalLine line = replayed(*game, words);
  if (auto too_many = tree.merge(line)) throw CommandError(refusal_text(*too_many));
  stored_moves.store(record.id, player.id, {game->ply_count(), tree.lines()});
  answer(ctx, conditional_moves_stored(record, opponent, tree.lines()));
}

}  // namespace handlers

}  // namespace pbem::server
