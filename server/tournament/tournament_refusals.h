// Why a tournament command is refused, as plain data (no words: replies/tournament_replies.h
// says them): a tournament's options, which tournament is meant, and its join, leave and
// start. The acts of competition/tournament_play.h return them; the handlers of
// handlers/tournament_commands.cpp throw the ones they find themselves.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "server/tournament/tournament_rules.h"

namespace pbem::server {

namespace tournament_refusal {
struct StartDate { std::string word; };  // -start= not a date
struct StartPast { std::string date; };
struct Format { std::string word; };
struct PlayersRange { tournament::Format format; int low, high, players; };
struct RoundsOnlySwiss {};
struct DoubleOnlyRoundRobin {};
struct NoSuch { std::int64_t number; };
struct OtherKind { std::int64_t number; std::string type; };  // of another game type
struct OrganiserUnconfirmed { std::string userid; };
struct TooManyOpen { std::string userid; int most; };
struct EntryClosed { std::int64_t number; std::string status; };
struct AlreadyJoined { std::string userid; std::int64_t number; };
struct Full { std::int64_t number; int cap; };
struct NotIn { std::string userid; std::int64_t number; };
struct Over { std::int64_t number; };
struct AlreadyLeft { std::string userid; std::int64_t number; };
struct OnlyOrganiserStarts { std::int64_t number; std::string organiser; };
struct NotOpen { std::int64_t number; std::string status; };
struct TooFew { std::int64_t number; int count; tournament::Format format; int least; };
}  // namespace tournament_refusal
using TournamentRefusal = std::variant<
    tournament_refusal::StartDate, tournament_refusal::StartPast, tournament_refusal::Format,
    tournament_refusal::PlayersRange, tournament_refusal::RoundsOnlySwiss, tournament_refusal::DoubleOnlyRoundRobin,
    tournament_refusal::NoSuch, tournament_refusal::OtherKind, tournament_refusal::OrganiserUnconfirmed,
    tournament_refusal::TooManyOpen, tournament_refusal::EntryClosed, tournament_refusal::AlreadyJoined,
    tournament_refusal::Full, tournament_refusal::NotIn, tournament_refusal::Over, tournament_refusal::AlreadyLeft,
    tournament_refusal::OnlyOrganiserStarts, tournament_refusal::NotOpen, tournament_refusal::TooFew>;

}  // namespace pbem::server
