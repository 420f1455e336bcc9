#include "server/handlers/command_context.h"

#include "engine/text.h"
#include "server/play/conditional_tree.h"
#include "server/play/game_clock.h"
#include "server/handlers/handlers.h"
#include "server/mailing/reply_format.h"
#include "server/storage/conditional_moves.h"

namespace pbem::server {

namespace {

// The lines as their owner reads them: "if bob plays b2, play c3; then if b4, play c5".
std::string listing(const std::vector<ConditionalLine>& lines, const std::string& opponent) {
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const ConditionalLine& line = lines[i];
    text += "  " + std::to_string(i + 1) + ". ";
    for (std::size_t at = 0; at + 1 < line.size(); at += 2)
      text += (at == 0 ? "if " + opponent + " plays " : "; then if ") + line[at] + ", play " + line[at + 1];
    text += "\n";
  }
  return text;
}

std::string lines_count(std::size_t n) { return std::to_string(n) + (n == 1 ? " line" : " lines"); }

// A refused line: the reason may name its plies, which only its owner reads.
CommandError refused_line(const std::string& reason) {
  return CommandError(reason, {}, "the conditional line was refused (the reason went to its owner only)");
}

// The line the owner sent, replayed from the current position: every ply legal in its
// turn, nothing after a ply that ends the game. Canonical plies, or a CommandError.
ConditionalLine replayed(const Game& now, const std::vector<std::string>& plies) {
  if (plies.size() % 2 != 0)
    throw CommandError("a conditional line pairs each of your opponent's plies with your answer, so it has an even "
                       "number of plies; this one has " + std::to_string(plies.size()));
  if (plies.size() > ConditionalTree::kMaxPlies)
    throw CommandError("a conditional line has at most " + std::to_string(ConditionalTree::kMaxPlies) +
                       " plies; this one has " + std::to_string(plies.size()));
  auto game = now.clone();
  ConditionalLine line;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const std::string which = "ply " + std::to_string(i + 1) + " of the line (" +
                              (i % 2 == 0 ? "your opponent's" : "yours") + ")";
    if (plies[i] == "resign") throw refused_line(which + " is resign: a conditional line holds moves only");
    if (game->over()) throw refused_line("the game is over before " + which + ": nothing may follow the ply that ends it");
    const PlyResult result = game->play(plies[i]);
    if (!result.ok) throw refused_line(which + " is not legal there: " + result.error);
    line.push_back(now.ply_identity(result.move));
  }
  return line;
}

}  // namespace

namespace handlers {

void conditional(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  const std::string number = std::to_string(record.id);
  if (!record.active) throw CommandError("game " + number + " is over: there is nothing left to answer");
  const auto game = ctx.records.replay(record);
  const int mine = colour_of_user(record, *game, player.id);
  const std::string opponent = userids_by_colour(record, *game)[static_cast<std::size_t>(1 - mine)];
  ConditionalMoves stored_moves(ctx.db);
  StoredConditionalLines stored = stored_moves.of(record.id, player.id);
  ConditionalTree tree(stored.lines);
  const std::string heading = game_title(record.type) + " #" + number;
  ctx.out.summary = c.type + " #" + number + " conditional moves of " + player.userid;  // never the plies

  if (c.words.empty()) {
    ctx.out.replies.push_back(ctx.to_sender(
        heading + ": your conditional moves",
        tree.empty() ? "You have no conditional moves in " + board_heading(record) + ".\n"
                     : "Your conditional moves in " + board_heading(record) + " (" + lines_count(tree.lines().size()) +
                           "), for " + opponent + "'s next move:\n\n" + listing(tree.lines(), opponent) +
                           "\nOnly you see them.\n"));
    return;
  }
  if (c.words.size() == 1 && c.words.front() == "clear") {
    stored_moves.store(record.id, player.id, {});
    ctx.out.replies.push_back(ctx.to_sender(
        heading + ": conditional moves cleared",
        "Your conditional moves in " + board_heading(record) + " are deleted (" + lines_count(tree.lines().size()) +
            ").\n"));
    return;
  }
  if (game->over()) throw CommandError("game " + number + " is over: there is nothing left to answer");
  if (game->to_move() == mine)
    throw CommandError("it is your move in game " + number +
                       ": conditional moves answer your opponent's next ply, so send them after your move (a "
                       "`multiple` mail can hold the move and then the conditional line)");
  const ConditionalLine line = replayed(*game, c.words);
  if (auto too_many = tree.merge(line)) throw CommandError(*too_many);
  stored_moves.store(record.id, player.id, {game->ply_count(), tree.lines()});
  ctx.out.replies.push_back(ctx.to_sender(
      heading + ": conditional moves stored",
      "Stored. Your conditional moves in " + board_heading(record) + " (" + lines_count(tree.lines().size()) +
          "), for " + opponent + "'s next move:\n\n" + listing(tree.lines(), opponent) +
          "\nWhen " + opponent + " plays the first ply of a line, its answer is played at once;\n"
          "a ply no line starts with deletes them all. Only you see them; `clear`\n"
          "deletes them.\n"));
}

}  // namespace handlers

}  // namespace pbem::server
