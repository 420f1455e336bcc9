#include "server/context/command_context.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/play/conditional_tree.h"
#include "server/play/game_clock.h"
#include "server/handlers/handlers.h"
#include "server/handlers/player_acts.h"
#include "server/mailing/reply_format.h"
#include "server/storage/conditional_moves.h"

namespace pbem::server {

namespace {

// The lines as their owner reads them: "if bob plays b2, play c3; then if b4, play c5".
std::string listing(const std::vector<ConditionalLine>& lines, const std::string& opponent) {
  std::string listed;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const ConditionalLine& line = lines[i];
    listed += text(Msg::ConditionalLineNumber, {{"n", i + 1}});
    for (std::size_t at = 0; at + 1 < line.size(); at += 2)
      listed += at == 0 ? text(Msg::ConditionalFirstPair,
                               {{"opponent", opponent}, {"ply", line[at]}, {"answer", line[at + 1]}})
                        : text(Msg::ConditionalNextPair, {{"ply", line[at]}, {"answer", line[at + 1]}});
    listed += "\n";
  }
  return listed;
}

std::string lines_count(std::size_t n) {
  return text(n == 1 ? Msg::OneConditionalLine : Msg::SeveralConditionalLines, {{"n", n}});
}

// A refused line: the reason may name its plies, which only its owner reads.
CommandError refused_line(const std::string& reason) {
  return CommandError(reason, {}, "the conditional line was refused (the reason went to its owner only)");
}

// The line the owner sent, replayed from the current position: every ply legal in its
// turn, nothing after a ply that ends the game. Canonical plies, or a CommandError.
ConditionalLine replayed(const Game& now, const std::vector<std::string>& plies) {
  if (plies.size() % 2 != 0)
    throw CommandError(text(Msg::ConditionalOddPliesRefusal, {{"count", plies.size()}}));
  if (plies.size() > ConditionalTree::kMaxPlies)
    throw CommandError(
        text(Msg::ConditionalTooLongRefusal, {{"most", ConditionalTree::kMaxPlies}, {"count", plies.size()}}));
  auto game = now.clone();
  ConditionalLine line;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const std::string which = text(i % 2 == 0 ? Msg::ConditionalOpponentsPly : Msg::ConditionalOwnPly, {{"n", i + 1}});
    if (plies[i] == "resign") throw refused_line(text(Msg::ConditionalResignRefusal, {{"which", which}}));
    if (game->over()) throw refused_line(text(Msg::ConditionalAfterEndRefusal, {{"which", which}}));
    const PlyResult result = game->play(plies[i]);
    if (!result.ok) throw refused_line(text(Msg::ConditionalIllegalRefusal, {{"which", which}, {"why", result.error}}));
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
  if (!record.active) throw CommandError(text(Msg::ConditionalGameOverRefusal, {{"game", record.id}}));
  const auto game = ctx.records.replay(record);
  const int mine = colour_of_user(record, *game, player.id);
  const std::string opponent = userids_by_colour(record, *game)[static_cast<std::size_t>(1 - mine)];
  ConditionalMoves stored_moves(ctx.db);
  StoredConditionalLines stored = stored_moves.of(record.id, player.id);
  ConditionalTree tree(stored.lines);
  const std::string title = game_title(record.type);
  ctx.out.summary = record.type + " #" + number + " conditional moves of " + player.userid;  // never the plies

  if (words.empty()) {
    ctx.out.replies.push_back(ctx.to_sender(
        text(Msg::ConditionalMovesSubject, {{"title", title}, {"game", record.id}}),
        tree.empty() ? text(Msg::NoConditionalMoves, {{"heading", board_heading(record)}})
                     : text(Msg::ConditionalMovesList, {{"heading", board_heading(record)},
                                                        {"lines", lines_count(tree.lines().size())},
                                                        {"opponent", opponent},
                                                        {"list", listing(tree.lines(), opponent)}})));
    return;
  }
  if (words.size() == 1 && words.front() == "clear") {
    stored_moves.store(record.id, player.id, {});
    ctx.out.replies.push_back(ctx.to_sender(
        text(Msg::ConditionalClearedSubject, {{"title", title}, {"game", record.id}}),
        text(Msg::ConditionalMovesCleared,
             {{"heading", board_heading(record)}, {"lines", lines_count(tree.lines().size())}})));
    return;
  }
  if (game->over()) throw CommandError(text(Msg::ConditionalGameOverRefusal, {{"game", record.id}}));
  if (game->to_move() == mine)
    throw CommandError(text(Msg::ConditionalOnYourMoveRefusal, {{"game", record.id}}));
  const ConditionalLine line = replayed(*game, words);
  if (auto too_many = tree.merge(line))
    throw CommandError(
        text(Msg::ConditionalTooManyLinesRefusal, {{"lines", too_many->lines}, {"most", too_many->most}}));
  stored_moves.store(record.id, player.id, {game->ply_count(), tree.lines()});
  ctx.out.replies.push_back(ctx.to_sender(text(Msg::ConditionalStoredSubject, {{"title", title}, {"game", record.id}}),
                                          text(Msg::ConditionalMovesStored, {{"heading", board_heading(record)},
                                                                             {"lines", lines_count(tree.lines().size())},
                                                                             {"opponent", opponent},
                                                                             {"list", listing(tree.lines(), opponent)}})));
}

}  // namespace handlers

}  // namespace pbem::server
