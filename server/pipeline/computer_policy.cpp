#include "server/pipeline/computer_policy.h"

#include "engine/text.h"
#include "server/mailing/proposal_mail.h"

namespace pbem::server {

namespace {

Outcome carry_out_for(Database& db, const Config& config, const std::string& userid, ParsedCommand asked) {
  Request request;  // no mail asked for it: nothing is "to the sender"
  request.command = std::move(asked);
  request.authenticated_userid = userid;  // the computer is trusted: no password
  return CommandProcessor(db, config, std::nullopt).handle(request);
}

}  // namespace

Outcome play_computer_ply(Database& db, const Config& config, const GameRecord& record, const Account& computer,
                          const std::string& ply, int moveno) {
  ParsedCommand asked;
  asked.act = PlayerAct{record.id, computer.id, AskedPly{to_lower(ply), moveno}};
  return carry_out_for(db, config, computer.userid, std::move(asked));
}

Outcome answer_proposal_as_computer(Database& db, const Config& config, const GameRecord& record,
                                    const Account& computer) {
  ParsedCommand asked;
  asked.act = PlayerAct{record.id, computer.id,
                        AskedProposalStep{record.rated ? ProposalStep::decline : ProposalStep::accept}};
  Outcome outcome = carry_out_for(db, config, computer.userid, std::move(asked));
  if (outcome.error) return outcome;
  for (Reply& reply : outcome.replies)
    reply.text += computer_answers_proposals_note(computer.userid);
  return outcome;
}

}  // namespace pbem::server
