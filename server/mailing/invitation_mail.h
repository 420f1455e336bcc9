// The mails of invitations (spec "Consent: a challenge is an invitation"), whole: the
// invitation to its invitee, and the notices when one ends unstarted (declined, withdrawn,
// ended by a signoff or an erasure, lapsed). The handlers (handlers/invitation_commands.cpp)
// decide who gets each; the words of the parts are invitation_text.h's.
#pragma once

#include <string>

#include "engine/game.h"
#include "server/play/outcome.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The invitation of `record` (position `game`) from `challenger` to `invitee`, answered at
// the invitee's game address `reply_to`.
Reply invitation_mail(const GameRecord& record, const Game& game, const std::string& challenger,
                      const std::string& invitee, const std::string& reply_to);

// `player` withdrew (`withdrawn`: they sent it) or declined the invitation of `record`
// between them and `other`: the one notice both read.
Reply invitation_answered_mail(const GameRecord& record, const std::string& player, const std::string& other,
                               bool withdrawn);

// `player` left (signed off, or erased their account when `deleted`), ending the invitation
// of `record` they sent (`sent`) or were sent: the notice to `other`.
Reply invitation_left_mail(const GameRecord& record, const std::string& player, const std::string& other, bool sent,
                           bool deleted);

// The invitation of `record` to `invitee` (none for an open one) lapsed unanswered after
// `lapse_days`: the notice to its challenger.
Reply invitation_lapsed_mail(const GameRecord& record, const std::string& invitee, int lapse_days);

}  // namespace pbem::server
