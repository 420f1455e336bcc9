// The mails of the clock's duties (play/clock_duty_act.h): a deadline that passed (the loss
// on time and its board to both players and the watchers, the abort when the late player
// never moved, or the board with the new deadline to the late player alone after a
// vacation day) and the one reminder before a deadline, to the player to move alone.
#pragma once

#include <string>

#include "server/play/clock_duty_act.h"
#include "server/play/unit_of_work.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// Adds to work.out the mails of `passed`, the deadline of `record` (as read before it)
// that passed at `now`.
void deadline_mail(UnitOfWork& work, const GameRecord& record, const DeadlinePassed& passed, const std::string& now);

// Adds to work.out the reminder `due` of `record`'s deadline.
void reminder_mail(UnitOfWork& work, const GameRecord& record, const ReminderDue& due);

}  // namespace pbem::server
