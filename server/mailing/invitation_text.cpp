#include "server/mailing/invitation_text.h"

#include "server/mailing/clock_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

std::string invitation_subject(const GameRecord& record, const std::string& challenger) {
  return game_title(record.type) + " #" + std::to_string(record.id) + ": invitation from " + challenger;
}

std::string invitation_terms(const GameRecord& record, const Game& game) {
  std::string clock = "no time limit";
  if (record.bank) clock = "a time bank of " + record.bank->text + " (-clock)";
  else if (record.days_per_move > 0) clock = std::to_string(record.days_per_move) + " days per move";
  return "  Options:     " + (record.options.empty() ? std::string("(none)") : record.options) + "\n" +
         "  First move:  " + record.userids[0] + " (" + colour_of(game, 0) + "); " + record.userids[1] + " plays " +
         colour_of(game, 1) + "\n" +
         "  Clock:       " + clock + ", from the moment it is accepted\n" +
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

std::string invitation_sent_text(const GameRecord& record, const std::string& invitee) {
  const std::string number = std::to_string(record.id);
  return "Your invitation " + game_title(record.type) + " #" + number + " went to " + invitee +
         ". The game starts when " + invitee + " accepts it; it lapses " +
         deadline_text(record.lapses_at.value_or("")) + " if not answered.\nTo withdraw it, send:\n    " +
         record.type + " decline " + number + " <your userid> <password>\n";
}

std::string challenges_refused(const std::string& invitee) {
  return invitee + " does not take challenges";
}

std::string messages_refused(const std::string& recipient) {
  return recipient + " does not take messages from you";
}

}  // namespace pbem::server
