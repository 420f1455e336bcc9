// Every game between two people by consent (spec "Consent: a challenge is an invitation"):
// a challenge or a rematch starts the game at once only when the invitee takes challenges
// `auto` (the computer always does); else it makes the game an invitation the invitee
// accepts or declines. `accept` and `decline` of a game that waits as an invitation mean
// the invitation (a proposal needs a started game), by command or by reply alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/context/command_context.h"
#include "server/play/invitation_act.h"

namespace pbem::server {

// Starts `asked` (the invitee takes challenges `auto`, or is the computer; its first board
// mail opens with `headline`, in which {N} stands for the game's number) or makes it an
// invitation, mailed to the invitee (play/invitation_act.h's challenge_player); refuses it
// with one error, the same for `none` and for a block, when the invitee takes no
// challenges from the challenger. Returns the game (or invitation) made.
GameRecord start_or_invite(CommandContext& ctx, const Challenge& asked, const std::string& headline);

// "any" in a challenge's seat: anyone may take it (spec "Open invitations"); never a userid.
inline constexpr std::string_view kAnyone = "any";

// Posts `asked` (first and second both the challenger) as an open invitation whose taker
// gets seat `open_seat` (0: moves first), for takers rated within `rating_range`.
GameRecord post_open_invitation(CommandContext& ctx, const Challenge& asked, int open_seat,
                                std::optional<std::pair<int, int>> rating_range);

// `accept` of an open invitation (by command or a digest reply's `#N accept`) by anyone but
// its challenger: the first to take it plays. True when the command was about one and is
// done; false when it is for the ordinary path (a started game's player, a proposal).
bool take_open_invitation(CommandContext& ctx, const Command& c);
// The same once the taker is known (the command's password, or a digest reply's address).
bool take_open_invitation_as(CommandContext& ctx, const Account& taker, const GameRecord& record);

// Up to `most` lines, newest first, of the open invitations `account` could take (the
// digest's "Open invitations you can take", the web front page's list without an account
// is GameRecords::open_invitations itself); "" when there are none.
std::string open_invitations_for(UnitOfWork& work, const Account& account, std::size_t most);

// `accept`/`decline` of game `record` when it is (or was) an invitation: true when it
// was and the command is done; false for a started game (then it is about a proposal).
bool answer_invitation(CommandContext& ctx, const Account& player, const GameRecord& record, bool accepting);

// play/invitation_act.h's start_refusal, refused as a command.
void check_start_between(CommandContext& ctx, const Account& starter, const Account& other, GameStart start);

// Ends every invitation `player` sent or was sent that still waits, open ones included
// (signoff, delete; play/invitation_act.h's leave_invitations): the other player told that
// `player` signed off, or deleted their account when `deleted`. Returns how many.
int end_invitations_of(CommandContext& ctx, const Account& player, bool deleted = false);


// Throws the command's refusal for `why` (a limit counted apart, as /metrics shows).
[[noreturn]] void refuse(const InvitationRefusal& why);

// Refuses `from`'s chat or message to `to` when `to` takes no messages (`set ... messages
// off`) or blocked them, in the same words for both (block userid password other).
void refuse_if_blocked(CommandContext& ctx, const Account& to, const Account& from);

}  // namespace pbem::server
