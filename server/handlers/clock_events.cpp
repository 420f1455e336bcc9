// The tick's duty to one game's clock: the act (play/clock_duty_act.h), its mails
// (mailing/clock_mail.h), and what the tick logs and how it sends them (ClockDutyDone).
#include "server/handlers/tick_handlers.h"

#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/mailing/clock_mail.h"
#include "server/play/clock_duty_act.h"

namespace pbem::server {

namespace {

std::optional<ClockDutyDone> lose_on_time(UnitOfWork& work, const GameRecord& record, const std::string& now) {
  const auto passed = pass_deadline(work, record, now);
  if (!passed) return std::nullopt;
  deadline_mail(work, record, *passed, now);
  const std::string& late = passed->late_userid;
  if (std::holds_alternative<deadline::VacationDay>(passed->result)) {
    ClockDutyDone done{"a vacation day for " + late + " instead of a loss on time", {}};
    done.autovacation = true;
    done.message_key = "autovacation-" + now.substr(0, 10) + "-";
    done.notice_for = passed->late_id;
    return done;
  }
  if (std::holds_alternative<deadline::NeverMoved>(passed->result))
    return ClockDutyDone{"aborted, " + late + " never moved", {}, 0, true};
  return ClockDutyDone{late + " lost on time", {}};
}

std::optional<ClockDutyDone> remind(UnitOfWork& work, const GameRecord& record, const std::string& now) {
  const auto due = remind_of_deadline(work, record, now);
  if (!due) return std::nullopt;
  reminder_mail(work, record, *due);
  ClockDutyDone done{"reminder to " + due->mover, {}};
  done.notice_for = due->mover_id;
  return done;
}

}  // namespace

std::optional<ClockDutyDone> carry_out_clock_duty(Database& db, const Config& config, std::int64_t game_id,
                                                  ClockDuty duty, const std::string& now) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);  // no mail asked for it
  const auto record = work.records.find(game_id);
  if (!record || !record->active) return std::nullopt;
  auto done = duty == ClockDuty::LossOnTime ? lose_on_time(work, *record, now) : remind(work, *record, now);
  if (!done) return std::nullopt;
  done->replies = std::move(outcome.replies);
  done->plies = record->plies;
  return done;
}

}  // namespace pbem::server
