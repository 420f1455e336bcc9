#include "server/replies/conditional_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

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

// "ply 3 of the line (your opponent's)": a line starts with the opponent's ply.
std::string ply_in_line(std::size_t ply) {
  return text(ply % 2 == 1 ? Msg::ConditionalOpponentsPly : Msg::ConditionalOwnPly, {{"n", ply}});
}

std::vector<Arg> about(const GameRecord& record) { return {{"title", game_title(record.type)}, {"game", record.id}}; }

}  // namespace

std::string refusal_text(const ConditionalRefusal& why) {
  using namespace conditional_refusal;
  return std::visit(
      Overloaded{
          [](const OddPlies& r) { return text(Msg::ConditionalOddPliesRefusal, {{"count", r.count}}); },
          [](const TooLong& r) { return text(Msg::ConditionalTooLongRefusal, {{"most", r.most}, {"count", r.count}}); },
          [](const Resign& r) { return text(Msg::ConditionalResignRefusal, {{"which", ply_in_line(r.ply)}}); },
          [](const AfterEnd& r) { return text(Msg::ConditionalAfterEndRefusal, {{"which", ply_in_line(r.ply)}}); },
          [](const Illegal& r) {
            return text(Msg::ConditionalIllegalRefusal, {{"which", ply_in_line(r.ply)}, {"why", r.why}});
          },
          [](const GameOver& r) { return text(Msg::ConditionalGameOverRefusal, {{"game", r.game}}); },
          [](const OnYourMove& r) { return text(Msg::ConditionalOnYourMoveRefusal, {{"game", r.game}}); },
          [](const TooManyConditionalLines& r) {
            return text(Msg::ConditionalTooManyLinesRefusal, {{"lines", r.lines}, {"most", r.most}});
          }},
      why);
}

ReplyWords conditional_moves_shown(const GameRecord& record, const std::string& opponent,
                                   const std::vector<ConditionalLine>& lines) {
  return {text(Msg::ConditionalMovesSubject, about(record)),
          lines.empty() ? text(Msg::NoConditionalMoves, {{"heading", board_heading(record)}})
                        : text(Msg::ConditionalMovesList, {{"heading", board_heading(record)},
                                                           {"lines", lines_count(lines.size())},
                                                           {"opponent", opponent},
                                                           {"list", listing(lines, opponent)}})};
}

ReplyWords conditional_moves_stored(const GameRecord& record, const std::string& opponent,
                                    const std::vector<ConditionalLine>& lines) {
  return {text(Msg::ConditionalStoredSubject, about(record)),
          text(Msg::ConditionalMovesStored, {{"heading", board_heading(record)},
                                             {"lines", lines_count(lines.size())},
                                             {"opponent", opponent},
                                             {"list", listing(lines, opponent)}})};
}

ReplyWords conditional_moves_cleared(const GameRecord& record, std::size_t cleared) {
  return {text(Msg::ConditionalClearedSubject, about(record)),
          text(Msg::ConditionalMovesCleared, {{"heading", board_heading(record)}, {"lines", lines_count(cleared)}})};
}

}  // namespace pbem::server
