#include "server/pipeline/computer_policy.h"

namespace pbem::server {

namespace {

Outcome carry_out_for(Database& db, const Config& config, const GameRecord& record, const std::string& userid,
                      const std::string& move_text) {
  Request request;  // no mail asked for it: nothing is "to the sender"
  request.command = parse_player_move(record.type, record.id, userid, move_text);
  request.authenticated_userid = userid;
  return CommandProcessor(db, config, std::nullopt).handle(request);
}

}  // namespace

Outcome play_computer_ply(Database& db, const Config& config, const GameRecord& record,
                          const std::string& computer_userid, const std::string& ply_text) {
  return carry_out_for(db, config, record, computer_userid, ply_text);
}

Outcome answer_proposal_as_computer(Database& db, const Config& config, const GameRecord& record,
                                    const std::string& computer_userid) {
  Outcome outcome = carry_out_for(db, config, record, computer_userid, record.rated ? "decline" : "accept");
  if (outcome.error) return outcome;
  for (Reply& reply : outcome.replies)
    reply.text += "\n" + computer_userid +
                  " is the computer: it agrees to every proposal in an unrated game and declines them in a "
                  "rated one (ratings count whole games; `resign` ends a rated game).\n";
  return outcome;
}

}  // namespace pbem::server
