// deadline.ics (issue 56, `set userid password calendar on`): RFC 5545 as a calendar reads
// it: CRLF lines folded at 75 octets, METHOD:PUBLISH, one VEVENT whose UID stays the same
// for a game and player while its SEQUENCE rises, DTSTART the deadline in UTC, one VALARM a
// day before.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "server/mailing/deadline_calendar.h"
#include "server/support/clock.h"

using namespace pbem::server;

namespace {

// The content lines, unfolded (RFC 5545 3.1), checking the folding on the way.
std::vector<std::string> unfolded(const std::string& ics) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < ics.size()) {
    const std::size_t end = ics.find("\r\n", at);
    REQUIRE(end != std::string::npos);  // every line ends in CRLF
    const std::string line = ics.substr(at, end - at);
    CHECK(line.size() <= 75);
    CHECK(line.find('\n') == std::string::npos);
    if (!line.empty() && line[0] == ' ') {
      REQUIRE_FALSE(lines.empty());
      lines.back() += line.substr(1);
    } else {
      lines.push_back(line);
    }
    at = end + 2;
  }
  return lines;
}

std::map<std::string, std::vector<std::string>> fields(const std::vector<std::string>& lines) {
  std::map<std::string, std::vector<std::string>> out;
  for (const std::string& line : lines) {
    const std::size_t colon = line.find(':');
    REQUIRE(colon != std::string::npos);
    out[line.substr(0, colon)].push_back(line.substr(colon + 1));
  }
  return out;
}

DeadlineEvent event_at(const std::string& deadline, const std::string& now) {
  return {.game = 12,
          .account = 3,
          .title = "HY 3 #12",
          .userid = "a-very-long-userid-that-makes-the-summary-line-pass-seventy-five-octets-é",
          .deadline = *parse_iso8601(deadline),
          .now = *parse_iso8601(now),
          .domain = "pbem.example.org"};
}

}  // namespace

TEST_CASE("deadline.ics is one published event at the deadline with an alarm a day before", "[calendar]") {
  const std::string ics = deadline_ics(event_at("2026-03-16T09:30:00Z", "2026-03-12T08:00:00Z"));
  const auto lines = unfolded(ics);
  CHECK(lines.front() == "BEGIN:VCALENDAR");
  CHECK(lines.back() == "END:VCALENDAR");
  const auto all = fields(lines);
  CHECK(all.at("METHOD") == std::vector<std::string>{"PUBLISH"});
  CHECK(all.at("VERSION") == std::vector<std::string>{"2.0"});
  CHECK(all.at("BEGIN") == std::vector<std::string>{"VCALENDAR", "VEVENT", "VALARM"});
  CHECK(all.at("DTSTART") == std::vector<std::string>{"20260316T093000Z"});
  CHECK(all.at("DTSTAMP") == std::vector<std::string>{"20260312T080000Z"});
  CHECK(all.at("TRIGGER") == std::vector<std::string>{"-PT24H"});
  CHECK(all.at("UID") == std::vector<std::string>{"deadline-12-3@pbem.example.org"});
  CHECK(all.at("SUMMARY").at(0).find("HY 3 #12") != std::string::npos);
  // A long line was folded, and never inside the é.
  CHECK(ics.find("\r\n ") != std::string::npos);
  CHECK(ics.find("\xc3\r\n") == std::string::npos);
}

TEST_CASE("the next mail's event has the same UID, a higher SEQUENCE and the new deadline", "[calendar]") {
  const auto first = fields(unfolded(deadline_ics(event_at("2026-03-16T09:30:00Z", "2026-03-12T08:00:00Z"))));
  // The deadline moved past a vacation (the stored deadline counts it) and a weekend.
  const auto next = fields(unfolded(deadline_ics(event_at("2026-03-23T09:30:00Z", "2026-03-13T08:00:01Z"))));
  CHECK(first.at("UID") == next.at("UID"));
  CHECK(std::stoll(next.at("SEQUENCE").at(0)) > std::stoll(first.at("SEQUENCE").at(0)));
  CHECK(next.at("DTSTART") == std::vector<std::string>{"20260323T093000Z"});
  // Another player of the same game, or the same player in another game: another event.
  DeadlineEvent other = event_at("2026-03-16T09:30:00Z", "2026-03-12T08:00:00Z");
  other.account = 4;
  CHECK(fields(unfolded(deadline_ics(other))).at("UID") != first.at("UID"));
}
