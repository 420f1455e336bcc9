// Timestamps as the database stores them: ISO 8601 in UTC to the second,
// "2024-05-01T12:34:56Z". Fixed width, so text order is time order (the outbox's
// "next_attempt_at <= now" query relies on that).
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace pbem::server {

std::string now_iso8601();
// The time of a stored timestamp (as iso8601 writes it); nothing for any other text.
std::optional<std::chrono::system_clock::time_point> parse_iso8601(const std::string& text);
// How players read a time: "2024-05-01 12:34 UTC" (the seconds cut off).
std::string readable_utc(std::chrono::system_clock::time_point time);
// Truncates to whole seconds (towards the past, also before 1970).
std::string iso8601(std::chrono::system_clock::time_point time);
// As C's asctime() in UTC, without its newline: "Wed Dec  2 00:35:00 2026" (the date of an
// mbox's From_ line, which mutt and s-nail read in no other form).
std::string ctime_utc(std::chrono::system_clock::time_point time);

}  // namespace pbem::server
