// The words of the tournament commands (handlers/tournament_commands.cpp: new, join, leave,
// start, the table, `tournaments`): their refusals and answers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/storage/database.h"
#include "server/storage/tournaments.h"
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
// Why a tournament command was refused.
std::string refusal_text(const TournamentRefusal& why);

// "tournament T#3": what a game resigned on leaving it belonged to.
std::string tournament_named(std::int64_t number);
// `t` was just opened by its organiser (`bot`: the computer's userid, which may join).
ReplyWords tournament_opened(Database& db, const TournamentRecord& t, const std::string& bot);
// `player` joined `t`, now with `entered` entrants; `full`: it starts now.
ReplyWords tournament_joined(const TournamentRecord& t, const std::string& player, int entered, bool full);
// `player` left `t`: before its start (no `resigned`), or resigning `resigned` games.
ReplyWords tournament_left(const TournamentRecord& t, const std::string& player, std::optional<int> resigned);
// `t` started, or asked for by `tournament T`: its table.
ReplyWords tournament_started(Database& db, const TournamentRecord& t);
ReplyWords tournament_table_reply(Database& db, const TournamentRecord& t);
// `<type> tournaments`: those of `listed`.
ReplyWords tournaments_reply(Database& db, const std::string& type, const std::vector<TournamentRecord>& listed);

}  // namespace pbem::server
