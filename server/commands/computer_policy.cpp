#include "server/commands/computer_policy.h"

namespace pbem::server {

std::string computer_answer_to_proposal(const GameRecord& record) { return record.rated ? "decline" : "accept"; }

std::string computer_answer_note(const std::string& computer_userid) {
  return "\n" + computer_userid +
         " is the computer: it agrees to every proposal in an unrated game and declines them in a "
         "rated one (ratings count whole games; `resign` ends a rated game).\n";
}

}  // namespace pbem::server
