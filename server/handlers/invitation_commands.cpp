// The mail of invitations, whose acts are play/invitation_act.h's: a challenge or rematch to
// someone who answers challenges, its acceptance, its decline or withdrawal, and its lapse
// on the tick; `block` and `unblock`.
#include <map>
#include <set>
#include <utility>

#include "engine/registry.h"
#include "mail/address.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/handlers/tick_handlers.h"
#include "server/handlers/answer.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/invitation_mail.h"
#include "server/mailing/invitation_text.h"
#include "server/addresses/mail_addresses.h"
#include "server/mailing/reply_format.h"
#include "server/play/game_clock.h"
#include "server/play/invitation_rating.h"
#include "server/replies/invitation_replies.h"
#include "server/storage/blocks.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"

namespace pbem::server {

namespace {

std::string number_of(const GameRecord& record) { return std::to_string(record.id); }

std::string with_number(std::string headline, const GameRecord& record) {
  const auto at = headline.find("{N}");
  if (at != std::string::npos) headline.replace(at, 3, number_of(record));
  return headline;
}

// The game begins: the clock of colour 0 runs, watchers of its kind join, and both
// players get the first board mail with `headline`.
void begin(CommandContext& ctx, GameRecord& record, const std::string& headline) {
  auto game = ctx.records.replay(record);
  add_kind_watchers(ctx, record);  // before the first board mail, which they get too
  game_update(ctx, record, *game, {.headline = headline});
}

}  // namespace

void refuse_if_blocked(CommandContext& ctx, const Account& to, const Account& from) {
  // One refusal for `messages off` and for a block: no error may say that a block exists.
  if (!to.messages || Blocks(ctx.db).blocks(to.id, from.id)) throw CommandError(messages_refused(to.userid));
}

void refuse(const InvitationRefusal& why) {
  throw CommandError(is_limit(why) ? Refusal::limit : Refusal::other, refusal_text(why));
}

void check_start_between(CommandContext& ctx, const Account& starter, const Account& other, GameStart start) {
  if (auto refused = start_refusal(ctx, starter, other, start)) refuse(*refused);
}

namespace {

// The acknowledgement of an invitation `challenger` sent. One that rests on the From alone
// (a challenge carries no password) goes to the challenger's confirmed addresses, never
// only to a Reply-To, as mail owed to them (never dropped by a budget): a forged one is
// seen by the account's owner, with how to withdraw it.
void acknowledge(CommandContext& ctx, const Account& challenger, const GameRecord& record, ReplyWords words) {
  if (ctx.password_accepted() || ctx.request.authenticated_userid) {
    answer(ctx, std::move(words)).about_game(record.id, record.thread_id);
    return;
  }
  Reply ack;
  ack.subject = std::move(words.subject);
  ack.text = words.text + invitation_without_password_note(mail::shown_address(ctx.request.from));
  ack.kind = MailKind::Game;
  ack.about_game(record.id, record.thread_id);
  ctx.mail_account(challenger, ack);
}

}  // namespace

std::string open_invitations_for(UnitOfWork& work, const Account& account, std::size_t most) {
  // One at the most games a player may play at once could take none: `accept` would refuse.
  if (GameListings(work.db).count_active(account.id) >= work.config.limits.active_games_per_user) return "";
  // The newest hundred of each kind are enough to find ten that this user can take. Who
  // blocks the reader, the challengers' ratings and the reader's own (once a kind) are
  // read for the page: no statement per invitation (issue 46).
  const auto records = GameInvitations(work.db).open_invitations(static_cast<int>(Listing::kMaxLines));
  const std::set<std::int64_t> blockers = Blocks(work.db).blockers_of(account.id);
  const InvitationRatings challengers(work.ratings, records);
  std::map<std::string, int> own;
  const auto own_rating = [&](const std::string& type) {
    const auto [at, fresh] = own.try_emplace(type, 0);
    if (fresh) at->second = invitation_rating(work.ratings, type, account.id);
    return at->second;
  };
  std::string lines;
  std::size_t shown = 0;
  for (const GameRecord& record : records) {
    if (shown == most) break;
    if (!may_take_open_invitation(record, account, [&] { return blockers.contains(*record.invited_by); },
                                  [&] { return own_rating(record.type); }))
      continue;
    lines += open_invitation_for_line(record, challengers.of(record.type, *record.invited_by));
    ++shown;
  }
  return lines;
}

GameRecord post_open_invitation(CommandContext& ctx, const Challenge& asked, int open_seat,
                                std::optional<std::pair<int, int>> rating_range) {
  auto offered = offer_open_invitation(ctx, asked, open_seat, rating_range);
  if (const auto* refused = std::get_if<InvitationRefusal>(&offered)) refuse(*refused);
  const GameRecord record = std::get<GameRecord>(std::move(offered));
  ctx.out.summary = "open invitation: " + record.type + " #" + number_of(record) + " by " + asked.challenger.userid;
  ++ctx.out.invitations_posted;
  acknowledge(ctx, asked.challenger, record,
              open_invitation_posted_reply(record, *ctx.records.replay(record), asked.challenger.userid));
  return record;
}

bool take_open_invitation(CommandContext& ctx, const Command& c) {
  // Anything but an open invitation (or one that was) takes the ordinary path, whose
  // errors (no such game, another kind) come after the password as before.
  const auto found = ctx.records.find(c.boards.at(0).number);
  if (!found || found->type != c.type || !found->open_seat) return false;
  return take_open_invitation_as(ctx, ctx.authenticated(c), *found);
}

bool take_open_invitation_as(CommandContext& ctx, const Account& taker, const GameRecord& record) {
  auto taken = take_open_seat(ctx, taker, record);
  if (std::holds_alternative<NotForTaking>(taken)) return false;
  if (const auto* refused = std::get_if<InvitationRefusal>(&taken)) refuse(*refused);
  auto& [started, challenger] = std::get<InvitationTaken>(taken);
  ctx.out.summary = record.type + " #" + number_of(record) + " open invitation taken by " + taker.userid;
  const auto game = ctx.records.replay(started);
  begin(ctx, started, open_invitation_taken_headline(started, *game, taker.userid, challenger.userid));
  return true;
}

GameRecord start_or_invite(CommandContext& ctx, const Challenge& asked, const std::string& headline) {
  auto made = challenge_player(ctx, asked);
  if (const auto* refused = std::get_if<InvitationRefusal>(&made)) refuse(*refused);
  GameRecord record = std::get<GameRecord>(std::move(made));
  if (!record.invitation) {
    begin(ctx, record, with_number(headline, record));
    return record;
  }
  const Account& invitee = asked.challenger.id == asked.first.id ? asked.second : asked.first;
  const std::size_t mails_before = ctx.out.replies.size();
  ctx.mail_account(invitee, invitation_mail(record, *ctx.records.replay(record), asked.challenger.userid,
                                            invitee.userid,
                                            player_game_address(ctx.db, ctx.config, record.id, invitee.userid,
                                                                invitee.password_generation)));
  ctx.relay_to(mails_before, asked.challenger, invitee.id);
  ++ctx.out.invitations_posted;
  acknowledge(ctx, asked.challenger, record, invitation_sent_reply(record, asked.challenger.userid, invitee.userid));
  return record;
}

bool answer_invitation(CommandContext& ctx, const Account& player, const GameRecord& record, bool accepting) {
  auto answered = respond_to_invitation(ctx, player, record, accepting);
  if (std::holds_alternative<NotAnInvitation>(answered)) return false;
  if (const auto* refused = std::get_if<InvitationRefusal>(&answered)) refuse(*refused);
  const std::string number = number_of(record);
  if (auto* accepted = std::get_if<InvitationAccepted>(&answered)) {
    ctx.out.summary = record.type + " #" + number + " invitation accepted by " + player.userid;
    const auto game = ctx.records.replay(accepted->started);
    begin(ctx, accepted->started,
          invitation_accepted_headline(accepted->started, *game, player.userid, accepted->other.userid));
    return true;
  }
  const auto& ended = std::get<InvitationEnded>(answered);
  if (!ended.other) {
    ctx.out.summary = record.type + " #" + number + " open invitation withdrawn by " + player.userid;
    answer(ctx, open_invitation_withdrawn_reply(record)).about_game(record.id, record.thread_id);
    return true;
  }
  const Account& other = *ended.other;
  ctx.out.summary = record.type + " #" + number + " invitation " + (ended.withdrawn ? "withdrawn" : "declined") +
                    " by " + player.userid;
  const Reply notice = invitation_answered_mail(record, player.userid, other.userid, ended.withdrawn);
  const std::size_t mails_before = ctx.out.replies.size();
  ctx.mail_account(player, notice);
  ctx.mail_account(other, notice);
  ctx.relay_to(mails_before, player, other.id);
  // The answer to the command itself, when it came from no address of the player's.
  bool answered_sender = false;
  for (const Reply& reply : ctx.out.replies) answered_sender = answered_sender || reply.to_sender;
  if (!answered_sender) ctx.out.replies.push_back(ctx.to_sender(notice.subject, notice.text));
  return true;
}

int end_invitations_of(CommandContext& ctx, const Account& player, bool deleted) {
  const InvitationsLeft left = leave_invitations(ctx, player);
  for (const auto& [record, other, sent] : left.told)
    ctx.mail_account(other, invitation_left_mail(record, player.userid, other.userid, sent, deleted));
  return left.ended;
}

std::optional<ClockDutyDone> lapse_invitation(Database& db, const Config& config, std::int64_t game_id,
                                              const std::string& now) {
  Outcome out;
  UnitOfWork work(db, config, ply_reactions(), competitions(), out);  // no mail asked for it
  const auto lapsed = lapse_pending_invitation(work, game_id, now);
  if (!lapsed) return std::nullopt;
  work.mail_account(lapsed->challenger,
                    invitation_lapsed_mail(lapsed->record, lapsed->invitee, config.invitations.lapse_days));
  ClockDutyDone done{"invitation " + number_of(lapsed->record) + " lapsed", std::move(out.replies), 0, false};
  done.notice_for = lapsed->challenger.id;
  return done;
}

namespace handlers {

void invitations(CommandContext& ctx, const Command& c) {
  // At most 100, the newest first, read by index (games_by_type_status): never every game.
  // The challengers' ratings for the page in one statement.
  const auto records = GameInvitations(ctx.db).open_invitations(c.type, static_cast<int>(Listing::kMaxLines));
  answer(ctx, open_invitations_reply(c.type, records, InvitationRatings(ctx.ratings, records)));
}

void block(CommandContext& ctx, const Command& c) {
  const Account owner = ctx.authenticated(c);
  Blocks blocks(ctx.db);
  if (c.words.empty()) {
    answer(ctx, blocked_users_reply(owner.userid, blocks.blocked_by(owner.id)));
    return;
  }
  const Account other = ctx.existing_account(c.words.at(0));
  if (other.id == owner.id) refuse(invitation_refusal::BlockSelf{});
  const bool added = blocks.block(owner.id, other.id);
  // A block refuses every start of a game between them: an invitation either way that
  // still waits is withdrawn or declined, with the words of doing so by hand.
  for (const GameRecord& record : GameInvitations(ctx.db).pending_invitations_of(owner.id))
    if (record.invitation != "open" && (record.players[0] == other.id || record.players[1] == other.id))
      answer_invitation(ctx, owner, record, false);
  ctx.out.summary = "block by " + owner.userid;
  answer(ctx, blocked_reply(owner.userid, other.userid, added));
}

void unblock(CommandContext& ctx, const Command& c) {
  const Account owner = ctx.authenticated(c);
  const Account other = ctx.existing_account(c.words.at(0));
  const bool removed = Blocks(ctx.db).unblock(owner.id, other.id);
  ctx.out.summary = "unblock by " + owner.userid;
  answer(ctx, unblocked_reply(other.userid, removed));
}

}  // namespace handlers
}  // namespace pbem::server
