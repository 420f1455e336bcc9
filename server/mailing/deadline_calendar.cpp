#include "server/mailing/deadline_calendar.h"

#include <cstdio>
#include <ctime>
#include <vector>

#include "server/catalogue/catalogue.h"

namespace pbem::server {

namespace {

// RFC 5545 3.3.5's UTC form: 20260314T120000Z.
std::string utc_stamp(std::chrono::system_clock::time_point time) {
  const std::time_t t = std::chrono::system_clock::to_time_t(time);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char out[20];
  std::strftime(out, sizeof out, "%Y%m%dT%H%M%SZ", &tm);
  return out;
}

// RFC 5545 3.3.11: backslash, semicolon, comma and newline escaped.
std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\' || c == ';' || c == ',') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

// RFC 5545 3.1: a content line of more than 75 octets goes on in lines that begin with a
// blank; a UTF-8 character is never cut.
std::string folded(const std::string& line) {
  std::string out;
  std::size_t width = 0;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t length = 1;
    const auto lead = static_cast<unsigned char>(line[i]);
    if (lead >= 0xf0) length = 4;
    else if (lead >= 0xe0) length = 3;
    else if (lead >= 0xc0) length = 2;
    if (width + length > 75) {
      out += "\r\n ";
      width = 1;
    }
    out.append(line, i, length);
    width += length;
    i += length;
  }
  return out + "\r\n";
}

}  // namespace

std::string deadline_ics(const DeadlineEvent& event) {
  using namespace std::chrono;
  const sys_days since = sys_days{year{2024} / January / 1};
  const auto sequence = duration_cast<seconds>(event.now - since).count();
  const std::string summary =
      text(Msg::DeadlineSummary, {{"title", event.title}, {"userid", event.userid}});
  const std::vector<std::string> lines{
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//pbem//deadline//EN",
      "METHOD:PUBLISH",
      "CALSCALE:GREGORIAN",
      "BEGIN:VEVENT",
      "UID:deadline-" + std::to_string(event.game) + "-" + std::to_string(event.account) + "@" + event.domain,
      "SEQUENCE:" + std::to_string(sequence < 0 ? 0 : sequence),
      "DTSTAMP:" + utc_stamp(event.now),
      "DTSTART:" + utc_stamp(event.deadline),
      "DURATION:PT0S",
      "SUMMARY:" + escaped(summary),
      "DESCRIPTION:" + escaped(text(Msg::DeadlineDescription, {{"title", event.title}, {"userid", event.userid}})),
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER:-PT24H",
      "DESCRIPTION:" + escaped(summary),
      "END:VALARM",
      "END:VEVENT",
      "END:VCALENDAR",
  };
  std::string ics;
  for (const std::string& line : lines) ics += folded(line);
  return ics;
}

}  // namespace pbem::server
