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
#include "server/tournament/tournament_refusals.h"
#include "server/tournament/tournament_rules.h"

namespace pbem::server {

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
