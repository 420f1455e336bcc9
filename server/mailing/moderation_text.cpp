#include "server/mailing/moderation_text.h"

#include "server/mailing/clock_text.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

std::string until_text(const Suspension& suspension) {
  return suspension.until ? "until " + deadline_text(*suspension.until) : "until further notice";
}

}  // namespace

std::string suspended_refusal(const std::string& userid, const Suspension& suspension) {
  return userid + " is suspended by the server's operator " + until_text(suspension) + ": " + suspension.reason +
         ". Meanwhile only help, export and delete are carried out for " + userid +
         "; the clocks of your games run as usual";
}

Reply suspension_notice(const std::string& userid, const Suspension& suspension) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = "Your account " + userid + " is suspended";
  mail.text = "The server's operator has suspended your account " + userid + " " + until_text(suspension) +
              ".\n\nThe reason given: " + suspension.reason +
              "\n\nMeanwhile your commands are refused, except help, export and delete. The clocks of your "
              "games run as usual: use vacation days you set before, or ask the operator.\n";
  return mail;
}

Reply suspension_lifted_notice(const std::string& userid) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = "Your account " + userid + " is no longer suspended";
  mail.text = "The server's operator has lifted the suspension of your account " + userid +
              ": your commands are carried out again.\n";
  return mail;
}

Reply verdict_notice(const Verdict& verdict, const std::string& reason) {
  const GameRecord& record = verdict.end.record;
  Reply mail;
  mail.kind = MailKind::Game;
  mail.about_game(record.id, record.thread_id);
  const std::string title = game_title(record.type) + " #" + std::to_string(record.id);
  if (record.voided) {
    mail.subject = title + ": void";
    mail.text = "The server's operator has declared " + title + " (" + record.userids[0] + " against " +
                record.userids[1] + ") void: " +
                (verdict.was_running ? "it ends without a result and is not rated.\n"
                                     : "its result no longer stands and it is not rated.\n");
    mail.text += "\nThe reason given: " + reason + "\n";
    if (!verdict.rebuilt.empty())
      mail.text += "\nThe ratings were recomputed without it:" + rating_lines(record.type, verdict.rebuilt);
    return mail;
  }
  const std::string winner = userids_by_colour(record)[static_cast<std::size_t>(*record.winner_colour)];
  mail.subject = title + ": " + winner + " wins by the operator's decision";
  mail.text = "The server's operator has decided " + title + " (" + record.userids[0] + " against " +
              record.userids[1] + "): " + winner + " wins, and the game is over.\n\nThe reason given: " + reason + "\n" +
              rating_lines(record.type, verdict.end.rating_changes);
  return mail;
}

Reply report_to_operator(const Account& reporter, const Account& reported, const std::optional<GameRecord>& game,
                         const std::string& text) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = "Report: " + reporter.userid + " reports " + reported.userid +
                 (game ? " (" + game_title(game->type) + " #" + std::to_string(game->id) + ")" : "");
  mail.text = reporter.userid + " reports " + reported.userid +
              (game ? " about " + game_title(game->type) + " #" + std::to_string(game->id) + " (" +
                          game->userids[0] + " against " + game->userids[1] + ")"
                    : std::string(", about no game in particular")) +
              ".\n" + reported.userid + " has not been told.\n\n" + reporter.userid + " wrote:\n\n" + text +
              (text.empty() || text.back() == '\n' ? "" : "\n") +
              "\nTo act on it: pbem suspend " + reported.userid + " --reason TEXT [--days N]" +
              (game ? ", pbem void " + std::to_string(game->id) + ", pbem adjudicate " + std::to_string(game->id) +
                          " USERID"
                    : std::string()) +
              " (docs/operating.md, \"Moderation\").\n";
  return mail;
}

std::string report_acknowledged(const std::string& reported) {
  return "Your report about " + reported + " has gone to the server's operator, who reads it and may ask you "
         "more. " + reported + " is not told of it.\n";
}

std::string report_refused_no_operator() {
  return "this server has no operator's address for reports (server.operator is not set): write to the "
         "server's postmaster instead";
}

std::string report_refused_once_a_day(const std::string& reported) {
  return "you have reported " + reported + " within the last 24 hours already: one report a day about a player "
         "reaches the operator";
}

std::string report_refused_too_long(std::size_t limit) {
  return "a report is at most " + std::to_string(limit) + " characters: shorten the text in the body";
}

std::string report_refused_empty() {
  return "a report needs its text in the mail's body: what happened, where and when";
}

std::string announcement_text(const std::string& body, const std::string& userid) {
  return body + (body.empty() || body.back() == '\n' ? "" : "\n") +
         "\n-- \nAn announcement from the server's operator to every player. To have no more of them, send\n"
         "    set " + userid + " <password> announcements off\nor use your mail program's unsubscribe button.\n";
}

std::string announcements_set_text(bool on) {
  return on ? "The operator's announcements to every player (a move of the server, a new game) reach you again.\n"
            : "The operator's announcements to every player no longer reach you; game mail still comes.\n";
}

Reply announcements_off_notice(const std::string& userid) {
  Reply mail;
  mail.kind = MailKind::Notice;
  mail.subject = "Announcements off";
  mail.text = "The operator's announcements to every player are off for " + userid +
              ": a mail to their unsubscribe address (the List-Unsubscribe of an announcement) turned them off.\n"
              "\nTo have them again, send:\n    set " + userid + " <password> announcements on\n";
  return mail;
}

}  // namespace pbem::server
