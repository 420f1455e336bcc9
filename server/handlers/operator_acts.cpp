#include "server/handlers/operator_acts.h"

#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/mailing/moderation_text.h"
#include "server/play/unit_of_work.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

std::vector<Reply> to_account(UnitOfWork& work, Outcome& outcome, const Account& account, const Reply& mail) {
  work.mail_account(account, mail);
  return std::move(outcome.replies);
}

// The verdict's mail to both players (each at their confirmed addresses).
VerdictMails mailed(UnitOfWork& work, Outcome& outcome, std::variant<Verdict, VerdictRefusal> result,
                    const std::string& reason) {
  VerdictMails done{std::move(result), {}};
  if (const auto* verdict = std::get_if<Verdict>(&done.result)) {
    Reply notice = verdict_notice(*verdict, reason);
    for (const std::int64_t player : verdict->end.record.players) {
      notice.game_over_for = player;  // the verdict ends the game, or ends it again
      if (const auto account = work.accounts.find_by_id(player)) work.mail_account(*account, notice);
    }
    done.replies = std::move(outcome.replies);
  }
  return done;
}

}  // namespace

std::vector<Reply> suspend_account(Database& db, const Config& config, const Account& account,
                                   const Suspension& suspension) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);
  Suspensions(db).suspend(account.id, suspension);
  return to_account(work, outcome, account, suspension_notice(account.userid, suspension));
}

std::optional<std::vector<Reply>> unsuspend_account(Database& db, const Config& config, const Account& account) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);
  const bool was_in_force = Suspensions(db).in_force(account.id, now_iso8601()).has_value();
  if (!Suspensions(db).lift(account.id) || !was_in_force) return std::nullopt;
  return to_account(work, outcome, account, suspension_lifted_notice(account.userid));
}

VerdictMails void_by_operator(Database& db, const Config& config, std::int64_t game_id, const std::string& reason) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);
  auto result = void_game(work, game_id);
  return mailed(work, outcome, std::move(result), reason);
}

VerdictMails adjudicate_by_operator(Database& db, const Config& config, std::int64_t game_id, std::int64_t winner,
                                    const std::string& reason) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);
  auto result = adjudicate_game(work, game_id, winner);
  return mailed(work, outcome, std::move(result), reason);
}

}  // namespace pbem::server
