// The words of invitations (spec "Consent: a challenge is an invitation"): the mail to the
// invitee, the challenger's acknowledgement, and the notices when one ends unstarted.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/game.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// "Hy3 #12: invitation from alice".
std::string invitation_subject(const GameRecord& record, const std::string& challenger);
// The invitation's terms, a line each: the options, who moves first, the clock, rated or
// not, when it lapses.
std::string invitation_terms(const GameRecord& record, const Game& game);
// The whole mail to `invitee`: the terms and how to answer (by command or by reply).
std::string invitation_text(const GameRecord& record, const Game& game, const std::string& challenger,
                            const std::string& invitee);
// The challenger's short acknowledgement naming #N.
std::string invitation_sent_text(const GameRecord& record, const std::string& challenger, const std::string& invitee);
// The challenger's acknowledgement of an open invitation: its terms, how others take it.
std::string open_invitation_posted_text(const GameRecord& record, const Game& game, const std::string& challenger);
// One line of `<game> invitations` (and the digest, the web front page): number,
// challenger and `rating`, options, rating range, lapse date.
std::string open_invitation_line(const GameRecord& record, int rating);

// A player's own open invitation in a list of their games (`all show`, the player's web
// page): "hy3 #7  open invitation (-size=5), 3 days a move, lapses 2026-12-08".
std::string own_open_invitation_line(const GameRecord& record);

// Why a game command cannot act on `record`, an invitation: it ended unstarted ("game 12
// never started: the invitation was declined"), or it still waits to be accepted.
std::string not_started_refusal(const GameRecord& record);
// The same of game `game`, ended `how` (GameRecord::invitation) between `players`.
std::string not_started_refusal(std::int64_t game, const std::string& how, const std::array<std::string, 2>& players);

// The refusal of a challenge to `invitee` when they take none, and (the same words, so no
// one learns of a block) when they blocked the challenger.
std::string challenges_refused(const std::string& invitee);
// The refusal of a chat or message to `recipient`, who blocked the sender (said without
// saying so).
std::string messages_refused(const std::string& recipient);

}  // namespace pbem::server
