// The words of the answer to a refused command (pipeline/processor.cpp says when which is
// sent): the command quoted as it may be, why it was refused, and one usage at most
// (spec "The newcomer's path, third round": never the whole list of a game's commands;
// a Subject within 78 columns, the text saying the rest).
#pragma once

#include <string>
#include <string_view>

namespace pbem::server {

struct ErrorMail {
  std::string subject;
  std::string text;
};

// The longest Subject an error gets: RFC 5322's recommended line length.
inline constexpr std::size_t kMaxErrorSubject = 78;

// "Error: <what>", cut at a word and ended with "..." when longer than kMaxErrorSubject.
std::string error_subject(std::string_view what);

// A command mailed to the server: `quote` as the parser masked it ("" when nothing may be
// quoted), `reason` (its secrets already masked), `usage` the command's own or "".
ErrorMail command_error(const std::string& quote, const std::string& reason, const std::string& usage);

// A reply to a game address: `quote` is what the player wrote (their move, not a command
// they never typed), and the usage is how to reply: the move alone, as `sample_ply`.
ErrorMail reply_error(const std::string& quote, const std::string& reason, const std::string& sample_ply);

// An answer that goes to a Reply-To elsewhere than the From: that it was refused, no more.
ErrorMail refused_elsewhere();

// A command, quoted as `quote`, that failed on an internal error: the operator's log says why.
ErrorMail internal_error(const std::string& quote);

// In place of a reply that would pass the `kib` KiB the replies to one mail may hold.
ErrorMail reply_too_long(std::size_t kib);

}  // namespace pbem::server
