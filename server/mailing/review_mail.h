// The mail of the computer's review of a finished game (server.md "The computer's review of a
// finished game"): Subject "<Game> #N: review"; the chances move by move as a chart (a
// picture in the HTML part, drawn by pictures/review_chart.h) and as a table in the text
// part; the turning points, each with the computer's preferred ply, its chance and a
// picture of the board where it was chosen; the missed wins; and the review's files.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/bot/review.h"
#include "engine/game.h"
#include "mail/outgoing_message.h"
#include "server/play/outcome.h"
#include "server/storage/game_records.h"

namespace pbem::server {

// The reviewed game as the mail names it (from its record, records/record_source.h).
struct ReviewedGame {
  GameRecord game;
  std::string title;                       // "HY 3"
  std::array<std::string, 2> userids;      // by seat, the first player first
  std::optional<int> winner_seat;          // nothing: no winner
  std::vector<mail::Attachment> files;     // -review.json and -review.sgf (records/review_files.h)
};

// The review `review` of `reviewed`, with pictures or without (the reader's setting);
// `start` is the game's empty board. The caller addresses it.
Reply review_mail(const ReviewedGame& reviewed, const bot::Review& review, const Game& start, bool pictures);

}  // namespace pbem::server
