#include "server/play/invitation_act.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "mail/address.h"
#include "server/play/game_start.h"
#include "server/play/invitation_rating.h"
#include "server/storage/blocks.h"
#include "server/storage/game_invitations.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

using namespace invitation_refusal;

// True when two accounts have an address of one canonical mailbox (one person with two
// accounts, `alice@` and `Alice+2@`): they may not take each other's open invitations or
// play each other rated.
bool share_a_mailbox(const Account& one, const Account& other) {
  return std::any_of(one.addresses.begin(), one.addresses.end(), [&](const std::string& address) {
    return std::any_of(other.addresses.begin(), other.addresses.end(), [&](const std::string& own) {
      return mail::canonical_mailbox(own) == mail::canonical_mailbox(address);
    });
  });
}

std::optional<InvitationRefusal> limits_refusal(UnitOfWork& work, const Account& first, const Account& second) {
  if (auto refused = game_limits_refusal(work, first, second))
    return std::visit([](const auto& why) { return InvitationRefusal{why}; }, *refused);
  return std::nullopt;
}

// limits.pending_invitations: the invitations a challenger sent that still wait, open ones
// included (one between the same two players is challenge_player's own check).
std::optional<InvitationRefusal> pending_invitations_refusal(UnitOfWork& work, const Account& challenger) {
  const int most = work.config.limits.pending_invitations;
  if (GameInvitations(work.db).count_pending_invitations(challenger.id) >= most)
    return PendingInvitationsLimit{challenger.userid, most};
  return std::nullopt;
}

std::string lapse_time(const UnitOfWork& work) {
  return iso8601(std::chrono::system_clock::now() + std::chrono::hours(24) * work.config.invitations.lapse_days);
}

GameRecord create(UnitOfWork& work, const Challenge& asked, std::optional<InvitationTerms> terms) {
  GameRecord record = work.records.create(asked.type, asked.options, asked.first.id, asked.second.id,
                                          work.config.server.domain(), asked.rated, asked.days_per_move, asked.bank,
                                          asked.weekends_off, std::move(terms));
  if (asked.fork) record = work.records.begin_fork(record, asked.fork->source, asked.fork->prefix, asked.fork->position);
  return record;
}

std::int64_t other_player(const GameRecord& record, std::int64_t player) {
  return record.players[0] == player ? record.players[1] : record.players[0];
}

}  // namespace

bool is_limit(const InvitationRefusal& why) {
  return std::holds_alternative<PendingInvitationsLimit>(why) || std::holds_alternative<InvitationBetweenPending>(why) ||
         std::holds_alternative<limit_refusal::ActiveGames>(why) ||
         std::holds_alternative<limit_refusal::ComputerGames>(why);
}

NotPending not_pending(const GameRecord& record) {
  return {record.id, record.invitation.value_or(""), record.userids};
}

std::optional<InvitationRefusal> start_refusal(UnitOfWork& work, const Account& starter, const Account& other,
                                               GameStart start) {
  for (const Account* account : {&starter, &other}) {
    if (!account->active) return SignedOff{account->userid};
    // A game nobody is told about would only wait; the computer gets no mail and needs none.
    if (account->confirmed.empty() && !account->computer) return Unconfirmed{account->userid};
  }
  if (starter.computer || other.computer) return std::nullopt;
  Blocks blocks(work.db);
  // The same words as `challenges none`: no refusal may say that a block exists.
  if (blocks.blocks(other.id, starter.id)) return ChallengesRefused{other.userid};
  // The blocker knows of the block: they are told plainly.
  if (blocks.blocks(starter.id, other.id)) return YouBlocked{other.userid};
  if (!share_a_mailbox(starter, other)) return std::nullopt;
  // One person with two accounts: a game with oneself must not move a rating.
  if (start == GameStart::OpenInvitation) return SharedMailboxOpen{starter.userid, other.userid};
  if (start == GameStart::Rated) return SharedMailboxRated{starter.userid, other.userid};
  return std::nullopt;
}

std::variant<GameRecord, InvitationRefusal> challenge_player(UnitOfWork& work, const Challenge& asked) {
  const Account& invitee = asked.challenger.id == asked.first.id ? asked.second : asked.first;
  if (!invitee.computer && invitee.challenges == "none") return ChallengesRefused{invitee.userid};
  if (auto refused = start_refusal(work, asked.challenger, invitee, asked.rated ? GameStart::Rated : GameStart::Unrated))
    return *refused;
  if (invitee.computer || invitee.challenges == "auto") {
    if (auto refused = limits_refusal(work, asked.first, asked.second)) return *refused;
    GameRecord record = create(work, asked, std::nullopt);
    start_game(work, record);
    return record;
  }
  if (auto refused = pending_invitations_refusal(work, asked.challenger)) return *refused;
  if (GameInvitations(work.db).invitation_pending_between(asked.first.id, asked.second.id))
    return InvitationBetweenPending{asked.first.userid, asked.second.userid};
  GameRecord record = create(work, asked,
                             InvitationTerms{.challenger = asked.challenger.id, .lapses_at = lapse_time(work),
                                             .open_seat = std::nullopt, .rating_low = std::nullopt,
                                             .rating_high = std::nullopt});
  invitation_sent(work, record, invitee.id);
  return record;
}

std::variant<GameRecord, InvitationRefusal> offer_open_invitation(UnitOfWork& work, const Challenge& asked,
                                                                  int open_seat,
                                                                  std::optional<std::pair<int, int>> rating_range) {
  if (auto refused = pending_invitations_refusal(work, asked.challenger)) return *refused;
  InvitationTerms terms{.challenger = asked.challenger.id, .lapses_at = lapse_time(work), .open_seat = open_seat,
                        .rating_low = std::nullopt, .rating_high = std::nullopt};
  if (rating_range) {
    terms.rating_low = rating_range->first;
    terms.rating_high = rating_range->second;
  }
  const GameRecord record = create(work, asked, terms);
  invitation_sent(work, record, std::nullopt);
  return record;
}

std::variant<NotForTaking, InvitationTaken, InvitationRefusal> take_open_seat(UnitOfWork& work, const Account& taker,
                                                                               const GameRecord& record) {
  if (!record.open_seat) return NotForTaking{};
  if (record.invited_by == taker.id) {
    if (record.invitation == "open") return OwnOpenInvitation{record.id};
    return NotForTaking{};
  }
  if (!record.is_pending_invitation()) {
    if (record.invitation) return not_pending(record);
    if (record.players[0] == taker.id || record.players[1] == taker.id) return NotForTaking{};
    return OpenInvitationTaken{record.id, record.userids[static_cast<std::size_t>(*record.open_seat)], record.type};
  }
  Account challenger = *work.accounts.find_by_id(*record.invited_by);
  if (auto refused = start_refusal(work, taker, challenger, GameStart::OpenInvitation)) return *refused;
  if (record.rating_low && record.rating_high) {
    const int rating = invitation_rating(work.ratings, record.type, taker.id);
    if (rating < *record.rating_low || rating > *record.rating_high)
      return OutOfRatingRange{record.id, *record.rating_low, *record.rating_high, record.type, taker.userid, rating};
  }
  if (auto refused = limits_refusal(work, challenger, taker)) return *refused;
  return InvitationTaken{accept_invitation(work, record, taker.id), std::move(challenger)};
}

bool may_take_open_invitation(const GameRecord& record, const Account& account,
                              const std::function<bool()>& blocked, const std::function<int()>& rating) {
  if (record.invitation != "open" || record.invited_by == account.id || account.computer) return false;
  if (blocked()) return false;
  if (!record.rating_low || !record.rating_high) return true;
  const int own = rating();
  return own >= *record.rating_low && own <= *record.rating_high;
}

std::variant<NotAnInvitation, InvitationAccepted, InvitationEnded, InvitationRefusal> respond_to_invitation(
    UnitOfWork& work, const Account& player, const GameRecord& record, bool accepting) {
  if (!record.invitation) return NotAnInvitation{};
  if (!record.is_pending_invitation()) return not_pending(record);
  const bool challenger = record.invited_by == player.id;
  if (record.invitation == "open") {
    if (accepting) throw std::logic_error("an open invitation is taken by take_open_seat");
    end_invitation(work, record, player.id);
    return InvitationEnded{std::nullopt, true};
  }
  Account other = *work.accounts.find_by_id(other_player(record, player.id));
  if (!accepting) {
    end_invitation(work, record, player.id);
    return InvitationEnded{std::move(other), challenger};
  }
  if (challenger) return OwnInvitation{record.id, other.userid};
  const Account first = *work.accounts.find_by_id(record.players[0]);
  const Account second = *work.accounts.find_by_id(record.players[1]);
  if (auto refused = start_refusal(work, player, other, record.rated ? GameStart::Rated : GameStart::Unrated))
    return *refused;
  if (auto refused = limits_refusal(work, first, second)) return *refused;
  return InvitationAccepted{accept_invitation(work, record, player.id), std::move(other)};
}

InvitationsLeft leave_invitations(UnitOfWork& work, const Account& player) {
  InvitationsLeft left;
  for (const GameRecord& record : GameInvitations(work.db).pending_invitations_of(player.id)) {
    const bool sent = record.invited_by == player.id;
    if (!end_invitation(work, record, player.id)) continue;
    ++left.ended;
    if (record.invitation == "open") continue;  // nobody else is in it yet
    left.told.push_back({record, *work.accounts.find_by_id(other_player(record, player.id)), sent});
  }
  return left;
}

std::optional<InvitationLapsed> lapse_pending_invitation(UnitOfWork& work, std::int64_t game_id,
                                                         const std::string& now) {
  const auto record = work.records.find(game_id);
  if (!record || !record->is_pending_invitation() || !record->lapses_at || *record->lapses_at > now)
    return std::nullopt;
  if (!end_invitation(work, *record, std::nullopt)) return std::nullopt;
  Account challenger = *work.accounts.find_by_id(*record->invited_by);
  std::string invitee = record->players[0] == challenger.id ? record->userids[1] : record->userids[0];
  return InvitationLapsed{*record, std::move(challenger), std::move(invitee)};
}

}  // namespace pbem::server
