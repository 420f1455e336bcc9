#include "server/mailing/invitation_mail.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/invitation_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// A mail of `record`'s thread that is owed to its player (never dropped by a budget).
Reply game_notice(const GameRecord& record, std::string subject, std::string body) {
  Reply notice;
  notice.subject = std::move(subject);
  notice.text = std::move(body);
  notice.kind = MailKind::Game;
  notice.about_game(record.id, record.thread_id);
  return notice;
}

}  // namespace

Reply invitation_mail(const GameRecord& record, const Game& game, const std::string& challenger,
                      const std::string& invitee, const std::string& reply_to) {
  Reply invitation = game_notice(record, invitation_subject(record, challenger),
                                 invitation_text(record, game, challenger, invitee));
  invitation.reply_to = reply_to;
  return invitation;
}

Reply invitation_answered_mail(const GameRecord& record, const std::string& player, const std::string& other,
                               bool withdrawn) {
  const std::string title = game_title(record.type);
  const std::vector<Arg> about{{"player", player}, {"other", other}, {"title", title}, {"game", record.id}};
  return game_notice(record,
                     text(withdrawn ? Msg::InvitationWithdrawnSubject : Msg::InvitationDeclinedSubject,
                          {{"title", title}, {"game", record.id}}),
                     text(withdrawn ? Msg::InvitationWithdrawnNotice : Msg::InvitationDeclinedNotice, about) +
                         text(Msg::GameNeverStarted));
}

Reply invitation_left_mail(const GameRecord& record, const std::string& player, const std::string& other, bool sent,
                           bool deleted) {
  const std::string title = game_title(record.type);
  const Msg why = deleted ? (sent ? Msg::InvitationWithdrawnByErasure : Msg::InvitationDeclinedByErasure)
                          : (sent ? Msg::InvitationWithdrawnBySignoff : Msg::InvitationDeclinedBySignoff);
  return game_notice(record,
                     text(sent ? Msg::InvitationWithdrawnSubject : Msg::InvitationDeclinedSubject,
                          {{"title", title}, {"game", record.id}}),
                     text(why, {{"player", player}, {"title", title}, {"game", record.id}, {"other", other}}) +
                         text(Msg::GameNeverStarted));
}

Reply invitation_lapsed_mail(const GameRecord& record, const std::string& invitee, int lapse_days) {
  const std::string title = game_title(record.type);
  return game_notice(
      record, text(Msg::InvitationLapsedSubject, {{"title", title}, {"game", record.id}}),
      record.invitation == "open"
          ? text(Msg::OpenInvitationLapsed, {{"title", title}, {"game", record.id}, {"days", lapse_days}})
          : text(Msg::InvitationLapsed,
                 {{"title", title}, {"game", record.id}, {"invitee", invitee}, {"days", lapse_days}}));
}

}  // namespace pbem::server
