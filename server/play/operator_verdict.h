// The operator's verdicts on a game (`pbem void N`, `pbem adjudicate N USERID`; spec "The
// operator, second round"): acts like the ply (ply_act.h), in the caller's unit of work,
// returning what happened or why nothing did; mailing/moderation_text.* words both.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "server/play/end_of_ply.h"
#include "server/play/unit_of_work.h"

namespace pbem::server {

namespace refusal {
// No game has that number.
struct NoSuchGame {};
// It is (or was) an invitation that never started: there is nothing to judge.
struct NeverStarted {};
// It is void already.
struct AlreadyVoid {};
// Adjudicate: the game is over; its result stands (void it to take the result away).
struct NotRunning {};
// Adjudicate: the user named does not play in the game.
struct NotAPlayer {};
// Void: the game belongs to a competition that needs its result (one whose games may not be
// aborted: all of them today). A void would leave its round, rung or season waiting for a
// result that never comes; the operator adjudicates such a game instead.
struct InCompetition {
  std::string kind;  // the competition's kind, number and name (play/competitions.h)
  std::int64_t id = 0;
  std::string name;
};
}  // namespace refusal

using VerdictRefusal = std::variant<refusal::NoSuchGame, refusal::NeverStarted, refusal::AlreadyVoid,
                                    refusal::NotRunning, refusal::NotAPlayer, refusal::InCompetition>;

struct Verdict {
  PlyEnd end;  // the game as stored now, and the rating changes of an adjudicated rated game
  // A voided game that had been rated: each player's rating before the void and after the
  // rebuild that followed (player0's first).
  std::vector<RatingChange> rebuilt;
  bool was_running = false;
};

// Game `game_id` ends, or stays ended, without a result and unrated. When it had been
// rated, every rating is then recomputed from the stored games exactly as `pbem ratings
// --rebuild --write` does (Ratings::rebuild, the same code), so the games after it are
// rated as if it had never counted; RatingsChanged says what that did to its players.
std::variant<Verdict, VerdictRefusal> void_game(UnitOfWork& work, std::int64_t game_id);
// Running game `game_id` ends as a win for `winner` (a user id of its players): rated
// and scored by its competition as any end.
std::variant<Verdict, VerdictRefusal> adjudicate_game(UnitOfWork& work, std::int64_t game_id, std::int64_t winner);

}  // namespace pbem::server
