// The words of the ladder commands (handlers/ladder_commands.cpp: new, join, leave, the
// table, `ladders`): their refusals and answers. A climb's refusals are climb_replies.h's.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/storage/database.h"
#include "server/storage/ladders.h"

namespace pbem::server {

namespace ladder_refusal {
struct NoSuch { std::int64_t number; };
struct OtherKind { std::int64_t number; std::string type; };  // of another game type
struct OrganiserUnconfirmed { std::string organiser; };
struct TooMany { std::string organiser; int most; };  // ladders of one organiser
struct AlreadyOn { std::string player; std::int64_t ladder; int rung; };
struct Full { std::int64_t ladder; int most; };
struct NotOn { std::string player; std::int64_t ladder; };
}  // namespace ladder_refusal
using LadderRefusal = std::variant<ladder_refusal::NoSuch, ladder_refusal::OtherKind, ladder_refusal::OrganiserUnconfirmed,
                                   ladder_refusal::TooMany, ladder_refusal::AlreadyOn, ladder_refusal::Full,
                                   ladder_refusal::NotOn>;
// Why a ladder command was refused.
std::string refusal_text(const LadderRefusal& why);

// "ladder L#4": what a game resigned on leaving it belonged to.
std::string ladder_named(const LadderRecord& l);
// `l` was just opened by its organiser (`computer` may join).
ReplyWords ladder_opened(Database& db, const LadderRecord& l, const std::string& computer);
// `player` joined `l` on rung `rung`.
ReplyWords ladder_joined(const LadderRecord& l, const std::string& player, std::size_t rung);
// `player` left `l`, resigning `resigned` games.
ReplyWords ladder_left(const LadderRecord& l, const std::string& player, int resigned);
// `ladder L#N`: its rungs and commands.
ReplyWords ladder_table_reply(Database& db, const LadderRecord& l);
// `<type> ladders`: `shown` with their players, of `all` in all.
ReplyWords ladders_reply(const std::string& type, const std::vector<std::pair<LadderRecord, int>>& shown, int all);

}  // namespace pbem::server
