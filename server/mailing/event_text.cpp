#include "server/mailing/event_text.h"

#include <cmath>

#include "engine/text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {

// A rating as the log shows it: whole points.
std::int64_t points(double rating) { return std::llround(rating); }

EventWords ended(const event::GameEnded& e, const UseridOf& userid_of) {
  const std::string winner = userid_of(e.winner.value_or(0));
  const std::string by = userid_of(e.by.value_or(0));
  switch (e.reason) {
    case GameEnd::Board:
      return {Msg::GameWonOnBoardEvent, {{"game", e.game}, {"plies", e.plies}, {"winner", winner}}};
    case GameEnd::Resigned:
      return {Msg::GameWonByResignationEvent, {{"game", e.game}, {"plies", e.plies}, {"winner", winner}}};
    case GameEnd::Time:
      return {Msg::GameWonOnTimeEvent, {{"game", e.game}, {"plies", e.plies}, {"winner", winner}}};
    case GameEnd::Aborted:
      return {Msg::GameAbortedEvent, {{"game", e.game}, {"by", by}}};
    case GameEnd::NeverMoved:
      return {Msg::GameNeverMovedEvent, {{"game", e.game}, {"by", by}}};
    case GameEnd::Voided:
      return {Msg::GameVoidedEvent, {{"game", e.game}}};
    case GameEnd::Adjudicated:
      return {Msg::GameAdjudicatedEvent, {{"game", e.game}, {"winner", winner}}};
  }
  return {Msg::GameVoidedEvent, {{"game", e.game}}};  // not reached: every GameEnd is above
}

}  // namespace

EventWords event_words(const Event& event, const UseridOf& userid_of) {
  return std::visit(
      Overloaded{[&](const event::GameStarted& e) -> EventWords {
             return {e.rated ? Msg::GameStartedEvent : Msg::UnratedGameStartedEvent,
                     {{"game", e.game},
                      {"type", e.type},
                      {"first", userid_of(e.players[0])},
                      {"second", userid_of(e.players[1])}}};
           },
           [&](const event::PlyStored& e) -> EventWords {
             return {Msg::PlyStoredEvent,
                     {{"game", e.game}, {"number", e.number}, {"user", userid_of(e.user)}, {"ply", e.ply}}};
           },
           [&](const event::PlyTakenBack& e) -> EventWords {
             return {Msg::PlyTakenBackEvent, {{"game", e.game}, {"plies", e.plies}}};
           },
           [&](const event::GameEnded& e) { return ended(e, userid_of); },
           [&](const event::RatingsChanged& e) -> EventWords {
             std::vector<std::string> changes;
             for (const auto& change : e.changes)
               changes.push_back(text(Msg::RatingChangeOfEvent, {{"user", userid_of(change.user)},
                                                                 {"before", points(change.before)},
                                                                 {"after", points(change.after)}}));
             return {Msg::RatingsChangedEvent, {{"game", e.game}, {"changes", join(changes, ", ")}}};
           },
           [&](const event::ProposalMade& e) -> EventWords {
             return {Msg::ProposalMadeEvent, {{"by", userid_of(e.by)}, {"kind", e.kind}, {"game", e.game}}};
           },
           [&](const event::ProposalAnswered& e) -> EventWords {
             return {e.accepted ? Msg::ProposalAcceptedEvent : Msg::ProposalDeclinedEvent,
                     {{"by", userid_of(e.by)}, {"kind", e.kind}, {"game", e.game}}};
           },
           [&](const event::ProposalCancelled& e) -> EventWords {
             return {Msg::ProposalCancelledEvent, {{"kind", e.kind}, {"game", e.game}}};
           },
           [&](const event::InvitationSent& e) -> EventWords {
             if (!e.to) return {Msg::OpenInvitationSentEvent, {{"by", userid_of(e.by)}, {"game", e.game}}};
             return {Msg::InvitationSentEvent, {{"by", userid_of(e.by)}, {"to", userid_of(*e.to)}, {"game", e.game}}};
           },
           [&](const event::InvitationAnswered& e) -> EventWords {
             return {e.accepted ? Msg::InvitationAcceptedEvent : Msg::InvitationDeclinedEvent,
                     {{"by", userid_of(e.by)}, {"game", e.game}}};
           },
           [&](const event::InvitationWithdrawn& e) -> EventWords {
             return {Msg::InvitationWithdrawnEvent, {{"by", userid_of(e.by)}, {"game", e.game}}};
           },
           [&](const event::InvitationLapsed& e) -> EventWords {
             return {Msg::InvitationLapsedEvent, {{"game", e.game}}};
           },
           [&](const event::RoundStarted& e) -> EventWords {
             return {Msg::RoundStartedEvent, {{"round", e.round}, {"tournament", e.tournament}}};
           },
           [&](const event::TournamentEnded& e) -> EventWords {
             return {Msg::TournamentEndedEvent, {{"tournament", e.tournament}}};
           },
           [&](const event::SeasonEnded& e) -> EventWords {
             return {Msg::SeasonEndedEvent, {{"season", e.season}, {"league", e.league}}};
           },
           [&](const event::RungsMoved& e) -> EventWords {
             return {Msg::RungsMovedEvent, {{"game", e.game}, {"ladder", e.ladder}, {"rung", e.climbed_to}}};
           }},
      event);
}

std::string event_line(const Event& event, const UseridOf& userid_of) {
  const EventWords words = event_words(event, userid_of);
  return text(words.id, words.args);
}

}  // namespace pbem::server
