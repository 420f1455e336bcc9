// The words of the league commands (handlers/league_commands.cpp: new, join, leave, start,
// the table, `leagues`): their refusals and answers.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/storage/database.h"
#include "server/storage/leagues.h"

namespace pbem::server {

namespace league_refusal {
struct NoSuch { std::int64_t number; };
struct OtherKind { std::int64_t number; std::string type; };  // of another game type
struct OrganiserUnconfirmed { std::string userid; };
struct TooMany { std::string userid; int most; };  // leagues of one organiser
struct AlreadyIn { std::string userid; std::int64_t league; };
struct Full { std::int64_t league; int most; };
struct NotIn { std::string userid; std::int64_t league; };
struct LeavingAlready { std::string userid; std::int64_t league; };
struct OnlyOrganiserStarts { std::int64_t league; std::string organiser; };
struct UnderWay { std::int64_t league; };
struct TooFew { std::int64_t league; int count, least; };
}  // namespace league_refusal
using LeagueRefusal =
    std::variant<league_refusal::NoSuch, league_refusal::OtherKind, league_refusal::OrganiserUnconfirmed,
                 league_refusal::TooMany, league_refusal::AlreadyIn, league_refusal::Full, league_refusal::NotIn,
                 league_refusal::LeavingAlready, league_refusal::OnlyOrganiserStarts, league_refusal::UnderWay,
                 league_refusal::TooFew>;
// Why a league command was refused.
std::string refusal_text(const LeagueRefusal& why);

// `l` was just opened by its organiser (`bot` may join; `least` members start it).
ReplyWords league_opened(Database& db, const LeagueRecord& l, const std::string& bot, int least);
// `player` joined `l`, or (`took_back`) took back their leave not yet carried out.
ReplyWords league_joined(const LeagueRecord& l, const std::string& player, bool took_back);
// `player` leaves `l`: `now` (nothing played yet), else after the season.
ReplyWords league_left(const LeagueRecord& l, const std::string& player, bool now);
// `l` started, or asked for by `league G#N`: its seasons and tables.
ReplyWords league_started(Database& db, const LeagueRecord& l);
ReplyWords league_table_reply(Database& db, const LeagueRecord& l);
// `<type> leagues`: `found`, of `count` in all.
ReplyWords leagues_reply(const std::string& type, const std::vector<ListedLeague>& found, int count);

}  // namespace pbem::server
