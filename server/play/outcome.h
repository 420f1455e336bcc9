// What carrying out a command or a tick's duty comes to: the mail to send (Reply), the
// line for the log, and how a refusal is said (CommandError). Shared by everything that
// changes a game (play/), words it (mailing/) or answers a command (handlers/), and read by
// the pipeline, which queues the mail.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mail/outgoing_message.h"
#include "server/language/masked_command.h"
#include "server/storage/mail_kind.h"
#include "server/storage/metric_counts.h"

namespace pbem::server {

struct Reply {
  std::string to;
  std::string subject;
  std::string text;
  std::optional<std::int64_t> game_id;  // the game it is about (set with about_game)
  std::string game_thread;              // that game's thread: its first mail's Message-ID
  bool to_sender = false;               // answers the command itself (In-Reply-To it)
  bool forget_when_settled = false;     // its outbox row goes once sent (an erasure's answer)
  MailKind kind = MailKind::Reply;
  std::optional<std::int64_t> relayed_by;  // the user whose text a Relay mail carries
  std::vector<mail::InlinePicture> pictures;  // board mails and digests: drawn boards for the HTML part
  std::vector<mail::TextRange> boards;        // where `text` holds ASCII boards (mark_board)
  std::vector<mail::BoardLinks> links;        // the mover's move links under those boards (HTML only)
  std::vector<mail::Attachment> attachments;  // a game's record files (records/), after the text
  std::string reply_to;  // the player's game address, so replying with a move plays it
  // The recipient's unsubscribe address for the setting that sent this mail (its digest,
  // watching games: addresses/mail_addresses.h), for the List-Unsubscribe header; empty for none.
  std::string list_unsubscribe;
  // The player whose game-over mail this is (server.md "Game records"): the queue attaches
  // the game's SGF record with their notes, unless they turned records off
  // (pipeline/game_over_record.h). Nothing for any other mail.
  std::optional<std::int64_t> game_over_for;

  // Threads the mail into the game's conversation (In-Reply-To/References its first mail).
  void about_game(std::int64_t id, std::string thread) {
    game_id = id;
    game_thread = std::move(thread);
  }
  // Marks the board `diagram` (Game::diagram()) where it stands in `text`, after the boards
  // marked before it, so that the HTML part keeps it in <pre> as it is while the words
  // around it wrap (mail/html_page.h). Call it once `text` is whole, for each board in
  // text order; a diagram not found is not marked.
  void mark_board(const std::string& diagram) {
    const std::size_t from = boards.empty() ? 0 : boards.back().end;
    const std::size_t at = diagram.empty() ? std::string::npos : text.find(diagram, from);
    if (at != std::string::npos) boards.push_back({at, at + diagram.size()});
  }
};

// Mail the server owes because of a change the command made (board mails, notices of a
// game's start or end, proposals, relayed texts, confirmation requests), as against the
// answers to the command (errors, help, listings: kind Reply). Owed mail is never dropped
// by a budget: a command whose owed mail does not fit is refused as a whole.
inline bool is_owed(const Reply& reply) { return reply.kind != MailKind::Reply; }

// A reply that goes into a `multiple`'s gathered answer (pipeline/multiple.h): to the
// sender, answering the command, and not game mail (no game thread, no board picture).
inline bool goes_into_gathered_answer(const Reply& reply) {
  return reply.to_sender && reply.kind == MailKind::Reply && !reply.game_id && reply.pictures.empty() &&
         reply.attachments.empty();
}
// Makes the answer `reply` (to the sender) one that goes into the gathered answer: its
// text, boards as text, without the game's thread or picture (MailAllowance: one mail too
// many for its mailbox).
inline void gather_into_answer(Reply& reply) {
  reply.game_id.reset();
  reply.game_thread.clear();
  reply.pictures.clear();
  reply.attachments.clear();
  reply.game_over_for.reset();
  reply.links.clear();  // they name the game address, which goes too
  reply.reply_to.clear();
  reply.list_unsubscribe.clear();
}

struct Outcome {
  std::vector<Reply> replies;
  std::string summary;  // one line for the inbox log, without passwords
  MaskedCommand masked_command;  // what the inbox row and the log line may quote
  bool error = false;
  Refusal refusal = Refusal::other;  // why, when `error`: counted by the caller for /metrics
  // The command carried a valid password or came to a valid game address: its replies are
  // not held to the budget of mail anyone may ask for (reply_queue.h).
  bool credential_accepted = false;
  // A wrong password for this user: recorded for the throttle by the caller, after the
  // command's savepoint is rolled back (the record must outlive the rollback).
  std::optional<std::int64_t> wrong_password_for;
  // What the command used of its inbound mail's one-time allowances (MailAllowance).
  bool created_account = false;
  bool sent_address_notice = false;
  bool sent_reset_code = false;  // `forgot` mailed a code (one round of codes per inbound mail)
  int invitations_posted = 0;  // invitations and open invitations the command made
  // `delete` erased an account: every address it had, whose inbox rows the caller empties
  // once the inbound mail is marked processed (storage/account_erasure.h).
  std::vector<std::string> erased_addresses;
};

// The caller's last word on a command its handler carried out: it sees the outcome (its
// mail above all) and throws CommandError to refuse the command as a whole, which then
// changes nothing and sends only the error. The pipeline queues the owed mail here.
using Admission = std::function<void(Outcome&)>;

// A command that cannot be carried out: the reason, and the usage to remind the sender of.
// `logged`, when given, is what the log and the inbox row say instead of the reason (a
// reason that names a player's private plan, e.g. a conditional line's plies).
// `refusal`: why, as /metrics counts it (storage/metric_counts.h); most refusals are
// Refusal::other, the rules' own, and the few counted apart say so where they are thrown.
struct CommandError : std::runtime_error {
  CommandError(const std::string& reason, std::string usage_text = {}, std::string logged_text = {})
      : std::runtime_error(reason), usage(std::move(usage_text)), logged(std::move(logged_text)) {}
  CommandError(Refusal why, const std::string& reason, std::string usage_text = {})
      : std::runtime_error(reason), usage(std::move(usage_text)), refusal(why) {}
  std::string usage;
  std::string logged;
  Refusal refusal = Refusal::other;
};

}  // namespace pbem::server
