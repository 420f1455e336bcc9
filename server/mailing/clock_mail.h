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

// `pbem clock extend` (handlers/clock_extension.h): the line of one game of the player to
// move (`bank` "" without a time bank), and the mail of `hours` more in those games.
std::string extended_game_line(const GameRecord& record, const std::string& opponent, const std::string& was,
                               const std::string& bank);
Reply clock_extended_mail(int hours, const std::vector<std::string>& lines);

}  // namespace pbem::server
