#include "server/mailing/invitation_text.h"

#include "server/mailing/clock_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

std::string invitation_subject(const GameRecord& record, const std::string& challenger) {
  return game_title(record.type) + " #" + std::to_string(record.id) + ": invitation from " + challenger;
}

namespace {

// Who moves first, for an open invitation: the challenger, or its taker.
std::string first_mover(const GameRecord& record, const Game& game) {
  const std::string challenger = record.userids[record.open_seat == 0 ? 1 : 0];
  if (!record.open_seat) return record.userids[0] + " (" + colour_of(game, 0) + "); " + record.userids[1] + " plays " +
                                colour_of(game, 1);
  if (*record.open_seat == 0) return "the taker (" + colour_of(game, 0) + "); " + challenger + " plays " + colour_of(game, 1);
  return challenger + " (" + colour_of(game, 0) + "); the taker plays " + colour_of(game, 1);
}

// The clock the invitee consents to, -weekends=off included (it moves every deadline).
std::string clock_of(const GameRecord& record) {
  const std::string weekends = record.weekends_off ? ", weekends off" : "";
  if (record.bank) return "a time bank of " + record.bank->text + " (-clock)" + weekends;
  if (record.days_per_move > 0) return std::to_string(record.days_per_move) + " days per move" + weekends;
  return "no time limit";
}

}  // namespace

std::string invitation_terms(const GameRecord& record, const Game& game) {
  std::string terms = "  Options:     " + (record.options.empty() ? std::string("(none)") : record.options) + "\n" +
                      "  First move:  " + first_mover(record, game) + "\n" +
                      "  Clock:       " + clock_of(record) + ", from the moment it is accepted\n";
  if (record.rating_low && record.rating_high)
    terms += "  Open to:     players rated " + std::to_string(*record.rating_low) + " to " +
             std::to_string(*record.rating_high) + "\n";
  return terms +
         "  Rated:       " + (record.rated ? "yes" : "no") + "\n" +
         "  Lapses:      " + deadline_text(record.lapses_at.value_or("")) + " if not answered\n";
}

std::string invitation_text(const GameRecord& record, const Game& game, const std::string& challenger,
                            const std::string& invitee) {
  const std::string number = std::to_string(record.id);
  return challenger + " invites you to play " + game_title(record.type) + " #" + number + ".\n\n" +
         invitation_terms(record, game) +
         "\nTo accept, reply to this mail with accept as its first line (no password needed),\nor send:\n    " +
         record.type + " accept " + number + " " + invitee + " <password>\n" +
         "To decline, reply with decline as the first line, or send:\n    " + record.type + " decline " + number +
         " " + invitee + " <password>\n" +
         "Nothing starts until you accept: no clock runs, and the game counts in no list.\n"
         "Not wanting challenges at all: set " + invitee + " <password> challenges none\n";
}

std::string invitation_sent_text(const GameRecord& record, const std::string& challenger, const std::string& invitee) {
  const std::string number = std::to_string(record.id);
  return "Your invitation " + game_title(record.type) + " #" + number + " went to " + invitee +
         ". The game starts when " + invitee + " accepts it; it lapses " +
         deadline_text(record.lapses_at.value_or("")) + " if not answered.\nTo withdraw it, send:\n    " +
         record.type + " decline " + number + " " + challenger + " <password>\n";
}

std::string open_invitation_posted_text(const GameRecord& record, const Game& game, const std::string& challenger) {
  const std::string number = std::to_string(record.id);
  return "Your open invitation " + game_title(record.type) + " #" + number + " is posted: the first to take it " +
         "plays you. It is listed by `" + record.type + " invitations`, on the web front page and in the digests "
         "of those who can take it.\n\n" + invitation_terms(record, game) +
         "\nOthers take it with:\n    " + record.type + " accept " + number + " <their userid> <password>\n" +
         "To withdraw it, send:\n    " + record.type + " decline " + number + " " + challenger + " <password>\n";
}

std::string open_invitation_line(const GameRecord& record, int rating) {
  const std::string challenger = record.userids[record.open_seat == 0 ? 1 : 0];
  std::string line = "#" + std::to_string(record.id) + "  " + challenger + " (" + std::to_string(rating) + ")  " +
                     (record.options.empty() ? std::string("(no options)") : record.options) + ", " + clock_of(record) +
                     (record.rated ? "" : ", unrated") + (record.open_seat == 0 ? ", you move first" : "");
  if (record.rating_low && record.rating_high)
    line += ", for ratings " + std::to_string(*record.rating_low) + "-" + std::to_string(*record.rating_high);
  return line + ", lapses " + record.lapses_at.value_or("").substr(0, 10);
}

std::string own_open_invitation_line(const GameRecord& record) {
  return record.type + " #" + std::to_string(record.id) + "  open invitation (" +
         (record.options.empty() ? std::string("no options") : record.options) + "), " + clock_of(record) +
         (record.rated ? "" : ", unrated") + ", lapses " + record.lapses_at.value_or("").substr(0, 10);
}

std::string invitation_refusal(const GameRecord& record) {
  const std::string number = std::to_string(record.id);
  const std::string& how = record.invitation.value_or("");
  if (how == "invited" || how == "open")
    return "game " + number + " has not started: it is " +
           (how == "open" ? record.userids[0] + "'s open invitation, waiting to be taken"
                          : record.userids[0] + "'s and " + record.userids[1] +
                                "'s invitation, waiting to be accepted (accept or decline it)");
  return "game " + number + " never started: the invitation " + (how == "lapsed" ? "lapsed unanswered" : "was " + how);
}

std::string challenges_refused(const std::string& invitee) {
  return invitee + " does not take challenges";
}

std::string messages_refused(const std::string& recipient) {
  return recipient + " takes no messages";
}

}  // namespace pbem::server
