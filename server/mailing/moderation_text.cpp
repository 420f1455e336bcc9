#include "server/mailing/moderation_text.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

std::string until_text(const Suspension& suspension) {
  return suspension.until ? text(Msg::SuspendedUntil, {{"deadline", deadline_text(*suspension.until)}})
                          : text(Msg::SuspendedUntilFurtherNotice);
}

// `body` as it ends a mail: on a line of its own.
std::string ending_in_newline(const std::string& body) {
  return body.empty() || body.back() == '\n' ? body : body + "\n";
}

}  // namespace

std::string suspended_refusal(const std::string& userid, const Suspension& suspension) {
  return text(Msg::SuspendedRefusal,
              {{"userid", userid}, {"until", until_text(suspension)}, {"reason", suspension.reason}});
}

Reply suspension_notice(const std::string& userid, const Suspension& suspension) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = text(Msg::SuspensionSubject, {{"userid", userid}});
  mail.text = text(Msg::SuspensionNotice,
                   {{"userid", userid}, {"until", until_text(suspension)}, {"reason", suspension.reason}});
  return mail;
}

Reply suspension_lifted_notice(const std::string& userid) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = text(Msg::SuspensionLiftedSubject, {{"userid", userid}});
  mail.text = text(Msg::SuspensionLiftedNotice, {{"userid", userid}});
  return mail;
}

Reply verdict_notice(const Verdict& verdict, const std::string& reason) {
  const GameRecord& record = verdict.end.record;
  Reply mail;
  mail.kind = MailKind::Game;
  mail.about_game(record.id, record.thread_id);
  const std::string title = game_title(record.type);
  if (record.voided) {
    mail.subject = text(Msg::VoidSubject, {{"title", title}, {"game", record.id}});
    mail.text = text(verdict.was_running ? Msg::VoidRunningNotice : Msg::VoidEndedNotice,
                     {{"title", title},
                      {"game", record.id},
                      {"first", record.userids[0]},
                      {"second", record.userids[1]},
                      {"reason", reason}});
    if (!verdict.rebuilt.empty())
      mail.text += text(Msg::VoidRatingsRecomputed, {{"ratings", rating_lines(record.type, verdict.rebuilt)}});
    return mail;
  }
  const std::string winner = userids_by_colour(record)[static_cast<std::size_t>(*record.winner_colour)];
  mail.subject = text(Msg::AdjudicatedSubject, {{"title", title}, {"game", record.id}, {"winner", winner}});
  mail.text = text(Msg::AdjudicatedNotice, {{"title", title},
                                            {"game", record.id},
                                            {"first", record.userids[0]},
                                            {"second", record.userids[1]},
                                            {"winner", winner},
                                            {"reason", reason},
                                            {"ratings", rating_lines(record.type, verdict.end.rating_changes)}});
  return mail;
}

Reply report_to_operator(const Account& reporter, const Account& reported, const std::optional<GameRecord>& game,
                         const std::string& report) {
  Reply mail;
  mail.kind = MailKind::Notice;
  if (!game) {
    mail.subject = text(Msg::ReportSubject, {{"reporter", reporter.userid}, {"reported", reported.userid}});
    mail.text = text(Msg::ReportToOperator, {{"reporter", reporter.userid},
                                             {"reported", reported.userid},
                                             {"report", ending_in_newline(report)}});
    return mail;
  }
  const std::string title = game_title(game->type);
  mail.subject = text(Msg::ReportAboutGameSubject, {{"reporter", reporter.userid},
                                                    {"reported", reported.userid},
                                                    {"title", title},
                                                    {"game", game->id}});
  mail.text = text(Msg::ReportAboutGameToOperator, {{"reporter", reporter.userid},
                                                    {"reported", reported.userid},
                                                    {"title", title},
                                                    {"game", game->id},
                                                    {"first", game->userids[0]},
                                                    {"second", game->userids[1]},
                                                    {"report", ending_in_newline(report)}});
  return mail;
}

ReplyWords report_acknowledged(const std::string& reported) {
  return {text(Msg::ReportAcknowledgedSubject, {{"reported", reported}}),
          text(Msg::ReportAcknowledged, {{"reported", reported}})};
}

std::string report_refused_no_operator() { return text(Msg::ReportNoOperatorRefusal); }

std::string report_refused_once_a_day(const std::string& reported) {
  return text(Msg::ReportOnceADayRefusal, {{"reported", reported}});
}

std::string report_refused_too_long(std::size_t limit) { return text(Msg::ReportTooLongRefusal, {{"limit", limit}}); }

std::string report_refused_empty() { return text(Msg::ReportEmptyRefusal); }

std::string report_refused_about_self() { return text(Msg::ReportAboutSelfRefusal); }

std::string announcement_text(const std::string& body, const std::string& userid) {
  return text(Msg::AnnouncementText, {{"body", ending_in_newline(body)}, {"userid", userid}});
}

std::string announcements_set_text(bool on) {
  return text(on ? Msg::AnnouncementsOnText : Msg::AnnouncementsOffText);
}

Reply announcements_off_notice(const std::string& userid) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = text(Msg::AnnouncementsSubject, {{"value", "off"}});
  mail.text = text(Msg::AnnouncementsOffNotice, {{"userid", userid}});
  return mail;
}

}  // namespace pbem::server
