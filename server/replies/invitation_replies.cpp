#include "server/replies/invitation_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/invitation_text.h"
#include "server/replies/check_replies.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {

// An invitation's game begins, started by `who` (the message's own placeholders): the game
// and its players' colours.
std::string started_headline(Msg id, std::vector<Arg> who, const GameRecord& started, const Game& game) {
  who.insert(who.end(), {{"title", game_title(started.type)},
                         {"game", started.id},
                         {"first", started.userids[0]},
                         {"first_colour", colour_of(game, 0)},
                         {"second", started.userids[1]},
                         {"second_colour", colour_of(game, 1)}});
  return text(id, who);
}

}  // namespace

std::string refusal_text(const InvitationRefusal& why) {
  using namespace invitation_refusal;
  return std::visit(
      Overloaded{
          [](const SignedOff& r) { return text(Msg::SignedOffCannotPlayRefusal, {{"player", r.player}}); },
          [](const Unconfirmed& r) { return text(Msg::UnconfirmedCannotPlayRefusal, {{"player", r.player}}); },
          [](const ChallengesRefused& r) { return challenges_refused(r.invitee); },
          [](const NotPending& r) { return not_started_refusal(r.game, r.how, r.players); },
          [](const limit_refusal::ActiveGames& r) { return refusal_text(CheckRefusal{r}); },
          [](const limit_refusal::ComputerGames& r) { return refusal_text(CheckRefusal{r}); },
          [](const YouBlocked& r) { return text(Msg::YouBlockedRefusal, {{"other", r.other}}); },
          [](const SharedMailboxOpen& r) {
            return text(Msg::SharedMailboxOpenRefusal, {{"first", r.first}, {"second", r.second}});
          },
          [](const SharedMailboxRated& r) {
            return text(Msg::SharedMailboxRatedRefusal, {{"first", r.first}, {"second", r.second}});
          },
          [](const PendingInvitationsLimit& r) {
            return text(Msg::PendingInvitationsLimitRefusal, {{"challenger", r.challenger}, {"most", r.most}});
          },
          [](const OwnOpenInvitation& r) { return text(Msg::OwnOpenInvitationRefusal, {{"game", r.game}}); },
          [](const OpenInvitationTaken& r) {
            return text(Msg::OpenInvitationTakenRefusal, {{"game", r.game}, {"took", r.took}, {"type", r.type}});
          },
          [](const OutOfRatingRange& r) {
            return text(Msg::OutOfRatingRangeRefusal, {{"game", r.game},
                                                       {"low", r.low},
                                                       {"high", r.high},
                                                       {"title", game_title(r.type)},
                                                       {"player", r.player},
                                                       {"rating", r.rating}});
          },
          [](const InvitationBetweenPending& r) {
            return text(Msg::InvitationBetweenPendingRefusal, {{"first", r.first}, {"second", r.second}});
          },
          [](const OwnInvitation& r) { return text(Msg::OwnInvitationRefusal, {{"game", r.game}, {"other", r.other}}); },
          [](const BlockSelf&) { return text(Msg::BlockSelfRefusal); }},
      why);
}

ReplyWords invitation_sent_reply(const GameRecord& record, const std::string& challenger, const std::string& invitee) {
  return {text(Msg::InvitationSentSubject, {{"title", game_title(record.type)}, {"game", record.id}, {"invitee", invitee}}),
          invitation_sent_text(record, challenger, invitee)};
}

ReplyWords open_invitation_posted_reply(const GameRecord& record, const Game& game, const std::string& challenger) {
  return {text(Msg::OpenInvitationPostedSubject, {{"title", game_title(record.type)}, {"game", record.id}}),
          open_invitation_posted_text(record, game, challenger)};
}

std::string invitation_without_password_note(const std::string& from) {
  return text(Msg::InvitationWithoutPasswordNote, {{"from", from}});
}

std::string open_invitation_taken_headline(const GameRecord& started, const Game& game, const std::string& taker,
                                           const std::string& challenger) {
  return started_headline(Msg::OpenInvitationTakenHeadline, {{"taker", taker}, {"challenger", challenger}}, started,
                          game);
}

std::string invitation_accepted_headline(const GameRecord& started, const Game& game, const std::string& player,
                                         const std::string& other) {
  return started_headline(Msg::InvitationAcceptedHeadline, {{"player", player}, {"other", other}}, started, game);
}

ReplyWords open_invitation_withdrawn_reply(const GameRecord& record) {
  const std::string title = game_title(record.type);
  return {text(Msg::InvitationWithdrawnSubject, {{"title", title}, {"game", record.id}}),
          text(Msg::OpenInvitationWithdrawn, {{"title", title}, {"game", record.id}})};
}

std::string open_invitation_for_line(const GameRecord& record, int rating) {
  return text(Msg::OpenInvitationForLine,
              {{"title", game_title(record.type)}, {"line", open_invitation_line(record, rating)}});
}

ReplyWords open_invitations_reply(const std::string& type, const std::vector<GameRecord>& records,
                                  const InvitationRatings& ratings) {
  Listing lines;
  for (const GameRecord& record : records) lines.add(open_invitation_line(record, ratings.of(record.type, *record.invited_by)));
  const std::string title = game_title(type);
  return {text(Msg::OpenInvitationsSubject, {{"title", title}}),
          text(Msg::OpenInvitationsList,
               {{"title", title}, {"lines", lines.text("  ", text(Msg::NoneListed))}, {"type", type}})};
}

ReplyWords blocked_users_reply(const std::string& owner, const std::vector<std::string>& blocked) {
  Listing lines;
  for (const std::string& userid : blocked) lines.add(userid);
  return {text(Msg::BlockedUsersSubject),
          text(Msg::BlockedUsers, {{"owner", owner}, {"lines", lines.text("  ", text(Msg::NoneListed))}})};
}

ReplyWords blocked_reply(const std::string& owner, const std::string& other, bool added) {
  return {text(Msg::BlockedSubject, {{"other", other}}),
          text(added ? Msg::NowBlocked : Msg::BlockedAlready,
               {{"other", other}, {"means", text(Msg::BlockMeans, {{"owner", owner}, {"other", other}})}})};
}

ReplyWords unblocked_reply(const std::string& other, bool removed) {
  return {text(Msg::UnblockedSubject, {{"other", other}}),
          text(removed ? Msg::NoLongerBlocked : Msg::WasNotBlocked, {{"other", other}})};
}

}  // namespace pbem::server
