#include "server/replies/vacation_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
std::string games_text(int games) { return text(games == 1 ? Msg::OneGame : Msg::SeveralGames, {{"n", games}}); }
}  // namespace

std::string days_text(int days) { return text(days == 1 ? Msg::OneDay : Msg::SeveralDays, {{"n", days}}); }

std::string refusal_text(const VacationRefusal& why, const VacationDays& days) {
  using namespace vacation_refusal;
  return std::visit(Overloaded{[](const NotOnVacation&) { return text(Msg::NotOnVacationRefusal); },
                               [&](const AlreadyOnVacation& r) {
                                 return text(Msg::AlreadyOnVacationRefusal,
                                             {{"until", deadline_text(r.ends_at)}, {"userid", days.userid}});
                               },
                               [&](const TooLong& r) {
                                 return text(Msg::VacationTooLongRefusal, {{"days", days_text(r.days)},
                                                                           {"left", days_text(days.left)},
                                                                           {"year", days.year},
                                                                           {"allowance", days_text(days.allowance)}});
                               }},
                    why);
}

ReplyWords vacation_days_reply(const VacationDays& days, const std::string& ends_at) {
  const std::string left = text(Msg::VacationDaysLeft, {{"left", days_text(days.left)},
                                                        {"year", days.year},
                                                        {"allowance", days_text(days.allowance)}});
  return {text(Msg::VacationSubject),
          ends_at.empty() ? left
                          : text(Msg::OnVacationUntil, {{"until", deadline_text(ends_at)}, {"userid", days.userid}}) + left};
}

ReplyWords vacation_ended_reply(const VacationDays& days, const std::string& planned, int back, int games) {
  return {text(Msg::VacationEndedSubject), text(Msg::VacationEnded, {{"planned", deadline_text(planned)},
                                                                     {"back", days_text(back)},
                                                                     {"games", games_text(games)},
                                                                     {"left", days_text(days.left + back)},
                                                                     {"year", days.year}})};
}

ReplyWords vacation_started_reply(const VacationDays& days, const std::string& until, int taken, int games) {
  return {text(Msg::VacationUntilSubject, {{"until", until}}), text(Msg::VacationStarted, {{"until", until},
                                                                                           {"days", days_text(taken)},
                                                                                           {"games", games_text(games)},
                                                                                           {"left", days_text(days.left - taken)},
                                                                                           {"year", days.year},
                                                                                           {"userid", days.userid}})};
}

ReplyWords autovacation_reply(const std::string& value, const std::string& userid) {
  return {text(Msg::AutovacationSubject, {{"value", value}}),
          value == "on" ? text(Msg::AutovacationOn) : text(Msg::AutovacationOff, {{"userid", userid}})};
}

}  // namespace pbem::server
