// The mail of the computer's review of a finished game (server.md "The computer's review of a
// finished game"): Subject "<Game> #N: review"; the chances move by move as a chart (a
// picture in the HTML part, drawn by pictures/review_chart.h) and as a table in the text
// part; the turning points, each with the computer's preferred ply, its chance and a
// picture of the board where it was chosen; the missed wins; and the review's files.
#pragma once

#include "engine/bot/review.h"
#include "engine/game.h"
#include "server/play/outcome.h"
#include "server/records/record_source.h"

namespace pbem::server {

// The review `review` of the game `source` records, for `reader` (who takes pictures or
// not); `start` is the game's empty board. The caller addresses it.
Reply review_mail(const RecordSource& source, const bot::Review& review, const Game& start, bool pictures);

}  // namespace pbem::server
