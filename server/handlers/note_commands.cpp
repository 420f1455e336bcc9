// `<game> note board userid password [-sealed]`, a reply to one's game address whose first
// line is `note`, and `<game> notes board userid password` (server.md "Notes"). A note is
// answered to its author alone: no other mail, watcher's or opponent's, learns of it.
#include "engine/registry.h"
#include "server/context/command_context.h"
#include "server/handlers/answer.h"
#include "server/handlers/handlers.h"
#include "server/handlers/player_acts.h"
#include "server/replies/note_replies.h"
#include "server/storage/game_notes.h"
#include "server/support/utf8_length.h"

namespace pbem::server::handlers {

namespace {

// The note a mail carries: its body's new text, or for a note by reply the lines below the
// first one (the `note` line), without the blank lines around it.
std::string note_text(const std::string& body, bool below_first_line) {
  std::size_t from = 0;
  if (below_first_line) {
    while (from < body.size()) {
      const auto end = body.find('\n', from);
      const std::string_view line = std::string_view(body).substr(from, end == std::string::npos ? end : end - from);
      from = end == std::string::npos ? body.size() : end + 1;
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) break;  // that was the `note` line
    }
  }
  const auto first = body.find_first_not_of(" \t\r\n", from);
  if (first == std::string::npos) return "";
  const auto last = body.find_last_not_of(" \t\r\n");
  return body.substr(first, last + 1 - first);
}

}  // namespace

void note(CommandContext& ctx, const Command& c) {
  // Running or finished alike; an invitation is refused as not started.
  const auto [player, game] = ctx.player_in_game(c);
  keep_note(ctx, player, game, !c.words.empty(), false);
}

void keep_note(CommandContext& ctx, const Account& player, const GameRecord& game, bool sealed, bool below_first_line) {
  const std::string written = note_text(ctx.request.body, below_first_line);
  if (written.empty()) throw CommandError(refusal_text(note_refusal::Empty{}));
  if (utf8_length(written) > kMaxNoteLength)
    throw CommandError(refusal_text(note_refusal::TooLong{kMaxNoteLength, utf8_length(written)}));
  GameNotes notes(ctx.db);
  if (notes.count(game.id, player.id) >= kMaxNotesPerPlayer)
    throw CommandError(Refusal::limit, refusal_text(note_refusal::Limit{kMaxNotesPerPlayer, game.id}));
  notes.add(game.id, player.id, game.plies, sealed, written);
  // The summary and the log name the game and the player, never the note's words.
  ctx.out.summary = std::string(sealed ? "sealed note" : "note") + " on game " + std::to_string(game.id) + " by " +
                    player.userid;
  answer(ctx, note_kept(game, sealed)).about_game(game.id, game.thread_id);
}

void notes(CommandContext& ctx, const Command& c) {
  const auto [player, game] = ctx.player_in_game(c);
  // Their own notes alone, whether the game is over or not: the others' sealed notes are
  // in the record.
  const std::vector<GameNote> own = GameNotes(ctx.db).visible(game.id, player.id, false);
  ctx.out.summary = "notes of " + player.userid + " on game " + std::to_string(game.id);
  answer(ctx, own_notes(game, own)).about_game(game.id, game.thread_id);
}

}  // namespace pbem::server::handlers
