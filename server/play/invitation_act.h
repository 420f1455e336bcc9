// The acts of invitations (spec "Consent: a challenge is an invitation", "Open invitations"):
// a challenge that starts a game at once or waits as an invitation, an open invitation
// posted or taken, an invitation accepted, declined or withdrawn, a leaving player's
// invitations ended, and the clock's lapse. Each is one call that knows no channel: a mail
// command, a digest reply's `#N accept`, a typed act (handlers/player_acts.h) and the tick
// reach the same act, which returns what it did as data or a typed refusal
// (InvitationRefusal, worded by replies/invitation_replies.h). The storage steps and their
// events are game_start.h's; the mail is the caller's (handlers/invitation_commands.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "server/play/game_limits.h"
#include "server/play/unit_of_work.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace invitation_refusal {
struct SignedOff { std::string player; };
struct Unconfirmed { std::string player; };
// `challenges none`, or a block by the invitee: the same words, so that no refusal says a
// block exists.
struct ChallengesRefused { std::string invitee; };
struct YouBlocked { std::string other; };
struct SharedMailboxOpen { std::string first, second; };   // one person taking their own open invitation
struct SharedMailboxRated { std::string first, second; };  // one person in a rated game with themselves
struct PendingInvitationsLimit { std::string challenger; int most; };
struct OwnOpenInvitation { std::int64_t game; };
struct OpenInvitationTaken { std::int64_t game; std::string took, type; };
struct OutOfRatingRange { std::int64_t game; int low, high; std::string type, player; int rating; };
struct InvitationBetweenPending { std::string first, second; };
struct OwnInvitation { std::int64_t game; std::string other; };
// The game was an invitation and waits no more: `how` it ended (GameRecord::invitation).
struct NotPending { std::int64_t game; std::string how; std::array<std::string, 2> players; };
struct BlockSelf {};
}  // namespace invitation_refusal
using InvitationRefusal =
    std::variant<invitation_refusal::SignedOff, invitation_refusal::Unconfirmed, invitation_refusal::ChallengesRefused,
                 invitation_refusal::YouBlocked, invitation_refusal::SharedMailboxOpen,
                 invitation_refusal::SharedMailboxRated, invitation_refusal::PendingInvitationsLimit,
                 invitation_refusal::OwnOpenInvitation, invitation_refusal::OpenInvitationTaken,
                 invitation_refusal::OutOfRatingRange, invitation_refusal::InvitationBetweenPending,
                 invitation_refusal::OwnInvitation, invitation_refusal::NotPending, invitation_refusal::BlockSelf,
                 limit_refusal::ActiveGames, limit_refusal::ComputerGames>;
// Whether /metrics counts the refusal as a limit (Refusal::limit): the caps, not the rules.
bool is_limit(const InvitationRefusal& why);
// The refusal of any command about `record`, an invitation that waits no more.
invitation_refusal::NotPending not_pending(const GameRecord& record);

// What kind of start of a game start_refusal checks.
enum class GameStart { Rated, Unrated, OpenInvitation };

// Every start of a game between two people outside a tournament's or league's pairing (a
// challenge, a rematch, an accepted or taken invitation, a ladder's climb) passes here
// once: both active with a confirmed address (the computer needs none), no block between
// them (the blocked one reads the words of `challenges none`), and no rated game, nor any
// open invitation taken, between two accounts of one canonical mailbox (spec "Limits,
// third round"). `starter` is who asks for the game now.
std::optional<InvitationRefusal> start_refusal(UnitOfWork& work, const Account& starter, const Account& other,
                                               GameStart start);

// A game one player asks for: its kind and terms, the seats (first moves first), who asks.
struct Challenge {
  std::string type;
  std::string options;  // canonical (Game::options_text)
  const Account& first;
  const Account& second;
  const Account& challenger;  // first or second
  bool rated = true;
  int days_per_move = 0;
  std::optional<TimeBank> bank;
  bool weekends_off = false;  // -weekends=off (GameRecord::weekends_off)
  // A fork (handlers/fork_command.cpp): the finished game it starts from, its plies up to
  // the fork (as stored) and the position after them.
  struct Fork {
    const GameRecord& source;
    std::vector<StoredMove> prefix;
    const Game& position;
  };
  std::optional<Fork> fork{};
};

// Starts `asked` at once when the invitee takes challenges `auto` (or is the computer), else
// makes it an invitation that waits for them (GameRecord::invitation): returns the game.
// Refused, in the words of `challenges none` for a block too, when the invitee takes no
// challenges from the challenger.
std::variant<GameRecord, InvitationRefusal> challenge_player(UnitOfWork& work, const Challenge& asked);

// Posts `asked` (first and second both the challenger) as an open invitation whose taker
// gets seat `open_seat` (0: moves first), for takers rated within `rating_range`.
std::variant<GameRecord, InvitationRefusal> offer_open_invitation(UnitOfWork& work, const Challenge& asked,
                                                                  int open_seat,
                                                                  std::optional<std::pair<int, int>> rating_range);

// `taker` takes the open invitation `record`: the first to take it plays. NotForTaking: the
// game is no open invitation, or a started one `taker` plays in (the ordinary path then:
// a proposal, or the errors of a game that is not theirs).
struct NotForTaking {};
struct InvitationTaken {
  GameRecord started;
  Account challenger;
};
std::variant<NotForTaking, InvitationTaken, InvitationRefusal> take_open_seat(UnitOfWork& work, const Account& taker,
                                                                               const GameRecord& record);

// Whether `account` may take the open invitation `record` (the caps aside): not their own,
// not the computer, not blocked by its challenger (`blocked`), their rating in the game's
// kind (`rating`, read only when the invitation has a range; 1500 when they have none)
// within its range. The digest's list of the ones a player can take asks it of each.
bool may_take_open_invitation(const GameRecord& record, const Account& account,
                              const std::function<bool()>& blocked, const std::function<int()>& rating);

// `player` accepts (`accepting`) or declines the invitation `record`, or withdraws it as its
// challenger (an open one too; an open one is taken by take_open_seat, never accepted here).
// NotAnInvitation: a started game's (then the command is about a proposal).
struct NotAnInvitation {};
struct InvitationAccepted {
  GameRecord started;
  Account other;  // the challenger
};
struct InvitationEnded {
  std::optional<Account> other;  // none for an open invitation: nobody else is in it yet
  bool withdrawn = false;        // by its challenger, else declined
};
std::variant<NotAnInvitation, InvitationAccepted, InvitationEnded, InvitationRefusal> respond_to_invitation(
    UnitOfWork& work, const Account& player, const GameRecord& record, bool accepting);

// Ends every invitation `player` sent or was sent that still waits, open ones included
// (signoff, delete): sent ones withdrawn, received ones declined. `ended` counts them all;
// `told` are the ones with another player in them, who is told.
struct InvitationsLeft {
  struct Left {
    GameRecord record;
    Account other;
    bool sent = false;  // `player` was its challenger
  };
  int ended = 0;
  std::vector<Left> told;
};
InvitationsLeft leave_invitations(UnitOfWork& work, const Account& player);

// The clock's duty: game `game_id`, an invitation whose lapse time (invitations.lapse_days
// after it was sent) is `now` or past, lapses. Nothing when it was answered meanwhile.
struct InvitationLapsed {
  GameRecord record;
  Account challenger;
  std::string invitee;  // the userid
};
std::optional<InvitationLapsed> lapse_pending_invitation(UnitOfWork& work, std::int64_t game_id,
                                                         const std::string& now);

}  // namespace pbem::server
