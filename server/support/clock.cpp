#include "server/support/clock.h"

#include <cstdio>

namespace pbem::server {

std::string now_iso8601() { return iso8601(std::chrono::system_clock::now()); }

namespace {

// A time point's calendar fields in UTC, to the second.
struct Civil {
  int year;
  unsigned month, day, weekday;  // weekday: 0 is Sunday
  int hour, minute, second;
};

Civil civil(std::chrono::system_clock::time_point time) {
  using namespace std::chrono;
  const auto seconds = floor<std::chrono::seconds>(time);
  const auto day = floor<days>(seconds);
  const year_month_day date(day);
  const hh_mm_ss clock(seconds - day);
  return {static_cast<int>(date.year()), static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
          weekday(day).c_encoding(), static_cast<int>(clock.hours().count()),
          static_cast<int>(clock.minutes().count()), static_cast<int>(clock.seconds().count())};
}

}  // namespace

std::string iso8601(std::chrono::system_clock::time_point time) {
  const Civil t = civil(time);
  char text[40];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", t.year, t.month, t.day, t.hour, t.minute,
                t.second);
  return text;
}

std::string ctime_utc(std::chrono::system_clock::time_point time) {
  static constexpr const char* kWeekdays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const Civil t = civil(time);
  char text[40];
  std::snprintf(text, sizeof text, "%s %s %2u %02d:%02d:%02d %d", kWeekdays[t.weekday], kMonths[t.month - 1], t.day,
                t.hour, t.minute, t.second, t.year);
  return text;
}

std::optional<std::chrono::system_clock::time_point> parse_iso8601(const std::string& text) {
  using namespace std::chrono;
  int y = 0;
  unsigned mo = 0, d = 0, h = 0, mi = 0, s = 0;
  char tail = 0;
  if (text.size() != 20 ||
      std::sscanf(text.c_str(), "%4d-%2u-%2uT%2u:%2u:%2u%c", &y, &mo, &d, &h, &mi, &s, &tail) != 7 || tail != 'Z')
    return std::nullopt;
  const year_month_day date{year{y}, month{mo}, day{d}};
  // system_clock counts nanoseconds in 64 bits, from 1677 to 2262: a time outside (a test's
  // "2999-01-01", a forged value) is no time point rather than an overflow.
  if (!date.ok() || h > 23 || mi > 59 || s > 59 || y < 1678 || y > 2261) return std::nullopt;
  return sys_days(date) + hours(h) + minutes(mi) + seconds(s);
}

std::string readable_utc(std::chrono::system_clock::time_point time) {
  const std::string iso = iso8601(time);  // 2024-05-01T12:34:56Z
  return iso.substr(0, 10) + " " + iso.substr(11, 5) + " UTC";
}

}  // namespace pbem::server
