#include "server/mailing/clock_mail.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// The one mail of a vacation day, to the late player alone: the board with the new
// deadline, so a reply with a move plays it.
void vacation_day_mail(UnitOfWork& work, const GameRecord& record, const DeadlinePassed& passed,
                       const deadline::VacationDay& vacation, const std::string& now) {
  const int days_left = vacation.day.days_left;
  const std::string left = text(days_left == 1 ? Msg::OneDay : Msg::SeveralDays, {{"n", days_left}});
  game_update(work, vacation.moved, *passed.game,
              {.headline = text(Msg::AutovacationDayHeadline, {{"heading", board_heading(record)},
                                                               {"deadline", deadline_text(*record.deadline_at)},
                                                               {"until", deadline_text(vacation.day.ends_at)},
                                                               {"left", left},
                                                               {"year", now.substr(0, 4)},
                                                               {"userid", passed.late_userid}}),
               .subject = text(Msg::AutovacationDaySubject,
                               {{"title", game_title(record.type)}, {"game", record.id}, {"userid", passed.late_userid}}),
               .only_user = passed.late_id});
}

}  // namespace

void deadline_mail(UnitOfWork& work, const GameRecord& record, const DeadlinePassed& passed, const std::string& now) {
  if (const auto* vacation = std::get_if<deadline::VacationDay>(&passed.result))
    return vacation_day_mail(work, record, passed, *vacation, now);
  const std::vector<Arg> missed = {{"player", passed.late_userid},
                                   {"colour", colour_of(*passed.game, passed.late_colour)},
                                   {"deadline", deadline_text(*record.deadline_at)}};
  const bool never_moved = std::holds_alternative<deadline::NeverMoved>(passed.result);
  const PlyEnd& end =
      never_moved ? std::get<deadline::NeverMoved>(passed.result).end : std::get<deadline::LostOnTime>(passed.result).end;
  game_update(work, end.record, *passed.game,
              {.headline = text(never_moved ? Msg::DeadlineNeverMovedHeadline : Msg::DeadlineLostOnTimeHeadline, missed) +
                           end.cancelled,
               .rating_changes = end.rating_changes});
}

void reminder_mail(UnitOfWork& work, const GameRecord& record, const ReminderDue& due) {
  std::string note;
  if (due.vacation_days_left)
    note = text(Msg::AutovacationReminderNote,
                {{"left", text(*due.vacation_days_left == 1 ? Msg::OneVacationDay : Msg::SeveralVacationDays,
                               {{"n", *due.vacation_days_left}})}});
  game_update(work, record, *due.game,
              {.headline = text(due.deadline_aborts ? Msg::ReminderAbortsHeadline : Msg::ReminderLosesHeadline,
                                {{"heading", board_heading(record)}, {"deadline", deadline_text(*record.deadline_at)}}) +
                           note,
               .subject = text(Msg::ReminderSubject,
                               {{"title", game_title(record.type)}, {"game", record.id}, {"player", due.mover}}),
               .only_user = due.mover_id});
}

std::string extended_game_line(const GameRecord& record, const std::string& opponent, const std::string& was,
                               const std::string& bank) {
  std::vector<Arg> args{{"heading", board_heading(record)},
                        {"opponent", opponent},
                        {"deadline", deadline_text(*record.deadline_at)},
                        {"was", deadline_text(was)}};
  if (bank.empty()) return text(Msg::ExtendedGameLine, args);
  args.emplace_back("bank", bank);
  return text(Msg::ExtendedBankGameLine, args);
}

Reply clock_extended_mail(int hours, const std::vector<std::string>& lines) {
  Reply mail;
  mail.subject = text(lines.size() == 1 ? Msg::ClockExtendedOneGameSubject : Msg::ClockExtendedSubject,
                      {{"hours", hours}, {"games", lines.size()}});
  mail.text = text(Msg::ClockExtended, {{"hours", hours}, {"lines", join(lines, "")}});
  mail.kind = MailKind::Notice;
  return mail;
}

}  // namespace pbem::server
