// The chart of the computer's review of a finished game (engine/bot/review.h): the first
// player's chance after each ply as a line, the even chance dashed across it, and the
// turning points marked in the winning orange.
#pragma once

#include <string>
#include <vector>

namespace pbem::pictures {

inline constexpr int kReviewChartWidth = 600;
inline constexpr int kReviewChartHeight = 240;

// PNG bytes, kReviewChartWidth x kReviewChartHeight. `first_win[i]` is the first player's
// chance (0 to 1) after ply i + 1; the line starts at an even chance before ply 1.
// `turning_points` are ply numbers (1 for the first ply), each marked with an orange dot on
// the line; numbers outside 1 to first_win.size() are left out. Any number of plies fits:
// none draws the axes and the even line alone.
std::string draw_review_chart(const std::vector<double>& first_win, const std::vector<int>& turning_points);

}  // namespace pbem::pictures
