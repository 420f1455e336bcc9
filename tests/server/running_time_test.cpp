// The running time of a game's clock (server/play/running_time.h): every moment counts, or
// with -weekends=off none from Saturday 00:00 to Monday 00:00 UTC, exact to the second.
#include <catch2/catch.hpp>

#include <chrono>

#include "server/play/running_time.h"
#include "server/support/clock.h"

using namespace std::chrono;
using pbem::server::after_running;
using pbem::server::before_running;
using pbem::server::iso8601;
using pbem::server::running_between;

namespace {
// 2027-03-01 is a Monday; 03-05 a Friday, 03-06 and 03-07 the weekend.
sys_days march(int day) { return sys_days(2027y / March / day); }
}  // namespace

TEST_CASE("without weekends off running time is real time", "[running_time]") {
  const auto friday_noon = march(5) + 12h;
  CHECK(after_running(friday_noon, days(3), false) == march(8) + 12h);
  CHECK(running_between(friday_noon, march(8) + 12h, false) == days(3));
  CHECK(before_running(march(8) + 12h, hours(48), false) == march(6) + 12h);
}

TEST_CASE("a deadline across one weekend and across two", "[running_time]") {
  const auto friday_noon = march(5) + 12h;
  // 3 days from Friday noon: 12 h of Friday, Monday, Tuesday, and Wednesday until noon.
  CHECK(iso8601(after_running(friday_noon, days(3), true)) == "2027-03-10T12:00:00Z");
  // 7 days from Friday noon cross two weekends: the Tuesday noon after next.
  CHECK(iso8601(after_running(friday_noon, days(7), true)) == "2027-03-16T12:00:00Z");
  // Started during the weekend, the clock starts on Monday 00:00.
  CHECK(iso8601(after_running(march(6) + 15h, days(1), true)) == "2027-03-09T00:00:00Z");
  // A period that ends with Friday ends at Saturday 00:00, not on Monday.
  CHECK(iso8601(after_running(march(5) + 12h, hours(12), true)) == "2027-03-06T00:00:00Z");
  CHECK(iso8601(after_running(march(6) + 15h, days(5), true)) == "2027-03-13T00:00:00Z");
  // Nothing to run: the moment itself, even in a weekend.
  CHECK(after_running(march(6) + 15h, seconds(0), true) == march(6) + 15h);
  // Exact to the second and the minute.
  CHECK(iso8601(after_running(march(5) + 23h + 59min + 59s, seconds(2), true)) == "2027-03-08T00:00:01Z");
}

TEST_CASE("the time left counts only running time", "[running_time]") {
  CHECK(running_between(march(5) + 12h, march(10) + 12h, true) == days(3));
  CHECK(running_between(march(6) + 1h, march(7) + 23h, true) == seconds(0));   // all weekend
  CHECK(running_between(march(6) + 1h, march(8) + 1h, true) == hours(1));
  CHECK(running_between(march(5) + 12h, march(16) + 12h, true) == days(7));
  CHECK(running_between(march(9), march(8), true) == seconds(0));                // backwards
}

TEST_CASE("a reminder before a deadline after a weekend is due before the weekend", "[running_time]") {
  // 48 h of running time before Tuesday noon: Friday noon.
  CHECK(iso8601(before_running(march(9) + 12h, hours(48), true)) == "2027-03-05T12:00:00Z");
  // 24 h before Monday 18:00: Friday 18:00.
  CHECK(iso8601(before_running(march(8) + 18h, hours(24), true)) == "2027-03-05T18:00:00Z");
  // Exactly a Monday's worth before Tuesday 00:00: from Saturday 00:00 on, no more is left.
  CHECK(iso8601(before_running(march(9), hours(24), true)) == "2027-03-06T00:00:00Z");
}
