// The one door of a known player's act (language/asked_act.h): a reply to a game address,
// a line of a reply to a digest, the computer's ply. The channel authenticated the player
// (Request::authenticated_userid); carry_out finds the account and the game and calls the
// same core a mail command's handler calls once it has checked the password, so a move by
// mail, by reply, from a digest and by the computer reach the same act (play/ply_act.h)
// with no command in between.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/context/command_context.h"
#include "server/language/asked_act.h"

namespace pbem::server {

// Carries out `act` for its player, or throws CommandError with the same words the mail
// command asking for it would be refused with.
void carry_out(CommandContext& ctx, const PlayerAct& act);

namespace handlers {

// The cores, after the authentication (the handlers' ctx.player_in_game, or carry_out's
// ctx.player_of_act): `player` plays in `record`.
// A ply or swap, `moveno` the move number it must be (game_commands.cpp).
void play_move(CommandContext& ctx, const Account& player, const GameRecord& record, const std::string& ply,
               std::optional<int> moveno);
void resign_as(CommandContext& ctx, const Account& player, const GameRecord& record);
// The conditional moves: `words` empty lists them, {"clear"} clears them, else a line of
// plies (conditional_commands.cpp).
void set_conditional_moves(CommandContext& ctx, const Account& player, const GameRecord& record,
                           const std::vector<std::string>& words);
// `abort`: alone before the player's own first move, else proposed (game_commands.cpp).
// An undo and the answers are proposal_commands.h's (propose_undo_as, answer_proposal_as,
// the latter after invitations.h's take_open_invitation_as).
void abort_as(CommandContext& ctx, const Account& player, const GameRecord& record);
// A note from the request's body, or its text below the first line for a note by reply
// (note_commands.cpp).
void keep_note(CommandContext& ctx, const Account& player, const GameRecord& game, bool sealed, bool below_first_line);

}  // namespace handlers

}  // namespace pbem::server
