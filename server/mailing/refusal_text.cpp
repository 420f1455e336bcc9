#include "server/mailing/refusal_text.h"

#include <type_traits>

#include "engine/text.h"
#include "server/support/overloaded.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

Msg refusal_message(const PlyRefusal& why) {
  return std::visit(Overloaded{[](const refusal::GameAborted&) { return Msg::GameAbortedRefusal; },
                         [](const refusal::GameOver&) { return Msg::GameOverRefusal; },
                         [](const refusal::NotYourTurn&) { return Msg::NotYourTurnRefusal; },
                         // A #moveno ahead of the game was sent too early, one behind it was
                         // written for a board that has changed since.
                         [](const refusal::WrongMoveNumber& r) {
                           return r.asked > r.next ? Msg::MoveNumberAheadRefusal : Msg::MoveNumberBehindRefusal;
                         },
                         [](const refusal::IllegalPly&) { return Msg::IllegalPlyRefusal; }},
                    why);
}

Msg refusal_message(const VerdictRefusal& why) {
  return std::visit(Overloaded{[](const refusal::NoSuchGame&) { return Msg::NoSuchGameRefusal; },
                         [](const refusal::NeverStarted&) { return Msg::NeverStartedRefusal; },
                         [](const refusal::AlreadyVoid&) { return Msg::AlreadyVoidRefusal; },
                         [](const refusal::NotRunning&) { return Msg::NotRunningRefusal; },
                         [](const refusal::NotAPlayer&) { return Msg::NotAPlayerRefusal; },
                         [](const refusal::InCompetition&) { return Msg::InCompetitionRefusal; }},
                    why);
}

std::string aborted_refusal(const GameRecord& record) {
  return text(Msg::GameAbortedRefusal, {{"game", record.id}, {"aborted", aborted_sentence(record)}});
}

std::string refusal_text(const PlyRefusal& why, const GameRecord& record, const Game& position) {
  const Msg id = refusal_message(why);
  return std::visit(Overloaded{[&](const refusal::GameAborted&) { return aborted_refusal(record); },
                         [&](const refusal::GameOver&) {
                           return text(id, {{"game", record.id}, {"result", result_text(record, position)}});
                         },
                         [&](const refusal::NotYourTurn& r) {
                           const auto users = userids_by_colour(record, position);
                           return text(id, {{"to_move", users[static_cast<std::size_t>(r.to_move)]},
                                            {"colour", colour_of(position, r.to_move)},
                                            {"game", record.id}});
                         },
                         [&](const refusal::WrongMoveNumber& r) {
                           return text(id, {{"asked", r.asked}, {"next", r.next}});
                         },
                         [&](const refusal::IllegalPly& r) {
                           return text(id, {{"ply", quoted_word(r.ply)}, {"why", r.why}});
                         }},
                    why);
}

std::string refusal_text(const VerdictRefusal& why, std::int64_t game) {
  if (const auto* in = std::get_if<refusal::InCompetition>(&why))
    return text(Msg::InCompetitionRefusal, {{"game", game},
                                            {"kind", in->kind},
                                            {"competition", competition_mark(CompetitionOfGame(in->kind, in->id, in->name))}});
  return text(refusal_message(why), {{"game", game}});
}

}  // namespace pbem::server
