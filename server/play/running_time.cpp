#include "server/play/running_time.h"

namespace pbem::server {

namespace {

using namespace std::chrono;

constexpr seconds kWeek = days(7);
constexpr seconds kRunningWeek = days(5);  // Monday 00:00 to Saturday 00:00
// A Monday 00:00 UTC to count whole weeks from (1970-01-05; 1970-01-01 was a Thursday).
constexpr sys_days kMonday = sys_days(year(1970) / January / 5);

// Floor division: weeks before kMonday count negative, their remainder stays positive.
std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// The running clock's reading at `t`: seconds of running time since kMonday. It stands
// still over every weekend, so the running time between two moments is the difference.
seconds reading(ClockTime t, bool weekends_off) {
  const seconds since = floor<seconds>(t - kMonday);
  if (!weekends_off) return since;
  const std::int64_t week = floor_div(since.count(), kWeek.count());
  const seconds into_week = since - kWeek * week;
  return kRunningWeek * week + std::min(into_week, kRunningWeek);
}

// The first real moment whose reading is `value`: a value at the end of a running week is
// that week's Saturday 00:00 (the reading stands still there until Monday).
ClockTime first_moment(seconds value, bool weekends_off) {
  if (!weekends_off) return kMonday + value;
  std::int64_t week = floor_div(value.count(), kRunningWeek.count());
  seconds into_week = value - kRunningWeek * week;
  if (into_week == seconds(0)) {  // the reading reached since the Saturday before
    --week;
    into_week = kRunningWeek;
  }
  return kMonday + kWeek * week + into_week;
}

}  // namespace

seconds running_between(ClockTime from, ClockTime to, bool weekends_off) {
  if (to <= from) return seconds(0);
  return reading(to, weekends_off) - reading(from, weekends_off);
}

ClockTime after_running(ClockTime from, seconds amount, bool weekends_off) {
  if (amount <= seconds(0)) return from;
  return first_moment(reading(from, weekends_off) + amount, weekends_off);
}

ClockTime before_running(ClockTime to, seconds amount, bool weekends_off) {
  if (amount <= seconds(0)) return to;
  return first_moment(reading(to, weekends_off) - amount, weekends_off);
}

}  // namespace pbem::server
