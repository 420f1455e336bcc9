#include "server/mailing/refusal_text.h"

#include <type_traits>

#include "engine/text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// A #moveno that does not match the next move: a number ahead of the game was sent too
// early, one behind it was written for a board that has changed since.
std::string wrong_moveno(int asked, int next) {
  const std::string asked_text = std::to_string(asked);
  if (asked > next)
    return "move " + asked_text + " is not yet due; the game is at move " + std::to_string(next) +
           ", so the #" + asked_text + " does not match";
  return "the board changed since move " + asked_text + ": this would be move " + std::to_string(next) +
         ", so the #" + asked_text + " does not match";
}

}  // namespace

std::string aborted_refusal(const GameRecord& record) {
  return "game " + std::to_string(record.id) + " was " + aborted_sentence(record);
}

std::string refusal_text(const PlyRefusal& why, const GameRecord& record, const Game& position) {
  const std::string number = std::to_string(record.id);
  return std::visit(
      [&](const auto& r) -> std::string {
        using R = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<R, refusal::GameAborted>) {
          return aborted_refusal(record);
        } else if constexpr (std::is_same_v<R, refusal::GameOver>) {
          return "game " + number + " is over: " + result_text(record, position);
        } else if constexpr (std::is_same_v<R, refusal::NotYourTurn>) {
          const auto users = userids_by_colour(record, position);
          return "it is not your turn: " + users[static_cast<std::size_t>(r.to_move)] + " (" +
                 colour_of(position, r.to_move) + ") is to move in game " + number;
        } else if constexpr (std::is_same_v<R, refusal::WrongMoveNumber>) {
          return wrong_moveno(r.asked, r.next);
        } else {
          return "illegal move " + quoted_word(r.ply) + ": " + r.why;
        }
      },
      why);
}

}  // namespace pbem::server
