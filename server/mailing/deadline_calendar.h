// `set userid password calendar on|off` (spec "Two taps to move"): the board mail to the
// player to move in a game with a clock carries its deadline as deadline.ics (RFC 5545), so
// that a phone's calendar keeps it. The deadline is the stored one, a real moment that
// already counts vacations and weekends off.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace pbem::server {

struct DeadlineEvent {
  std::int64_t game = 0;
  std::int64_t account = 0;           // the player's account id: with the game, the event's UID
  std::string title;                  // "HY 3 #12"
  std::string userid;                 // the player to move
  std::chrono::system_clock::time_point deadline{};
  std::chrono::system_clock::time_point now{};  // when the mail is made: DTSTAMP and SEQUENCE
  std::string domain;                 // the server's mail domain, for the UID
};

// One VCALENDAR, METHOD:PUBLISH, holding one VEVENT at the deadline (DTSTART in UTC) with
// one VALARM 24 hours before. Its UID is the same for every mail of that game and player,
// so a calendar replaces the event rather than adding one; its SEQUENCE is the seconds
// from 2024-01-01 to `now`, so each later mail's is higher. Lines end in CRLF and are
// folded at 75 octets (never inside a UTF-8 character); texts are escaped.
std::string deadline_ics(const DeadlineEvent& event);

// The attachment's name and Content-Type.
inline constexpr const char* kDeadlineFile = "deadline.ics";
inline constexpr const char* kDeadlineType = "text/calendar; charset=UTF-8; method=PUBLISH";

}  // namespace pbem::server
