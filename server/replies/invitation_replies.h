// The words of invitations and blocks (handlers/invitation_commands.cpp): the refusals of a
// start of a game between two players, of an invitation and of its acceptance (the acts'
// InvitationRefusal, play/invitation_act.h); the
// challenger's acknowledgement, the first headline of an invitation's game, the open
// invitations listed; `block` and `unblock`. The invitation's own mail and its endings are
// mailing/invitation_mail.h's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/mailing/reply_format.h"
#include "server/play/invitation_act.h"
#include "server/play/invitation_rating.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// Why a start of a game, an invitation, its acceptance or a block was refused.
std::string refusal_text(const InvitationRefusal& why);

// The challenger's acknowledgement of the invitation of `record` to `invitee`, and of the
// open invitation of `record` (`game`, its position).
ReplyWords invitation_sent_reply(const GameRecord& record, const std::string& challenger, const std::string& invitee);
ReplyWords open_invitation_posted_reply(const GameRecord& record, const Game& game, const std::string& challenger);
// Appended to an acknowledgement sent to the challenger's own addresses: the invitation came
// from `from` (as shown) without a password.
std::string invitation_without_password_note(const std::string& from);

// The first board mail's headline of the game `started` (`game`, its position): `taker` took
// `challenger`'s open invitation; `player` accepted `other`'s invitation.
std::string open_invitation_taken_headline(const GameRecord& started, const Game& game, const std::string& taker,
                                           const std::string& challenger);
std::string invitation_accepted_headline(const GameRecord& started, const Game& game, const std::string& player,
                                         const std::string& other);

// `decline` of one's own open invitation `record`.
ReplyWords open_invitation_withdrawn_reply(const GameRecord& record);
// One line of the open invitations a player could take (the digest): `rating`, its
// challenger's.
std::string open_invitation_for_line(const GameRecord& record, int rating);
// `<type> invitations`: the open invitations `records`, their challengers' ratings `ratings`.
ReplyWords open_invitations_reply(const std::string& type, const std::vector<GameRecord>& records,
                                  const InvitationRatings& ratings);

// `block` alone: the users `owner` blocked.
ReplyWords blocked_users_reply(const std::string& owner, const std::vector<std::string>& blocked);
// `block other`: `owner` blocked `other` now (`added`) or already had.
ReplyWords blocked_reply(const std::string& owner, const std::string& other, bool added);
// `unblock other`: the block was lifted (`removed`) or there was none.
ReplyWords unblocked_reply(const std::string& other, bool removed);

}  // namespace pbem::server
