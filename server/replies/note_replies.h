// The words of notes (handlers/note_commands.cpp: `note`, a note by reply, `notes`): a note
// refused, a note kept, a player's own notes listed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "server/mailing/reply_format.h"
#include "server/storage/game_notes.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace note_refusal {
struct Empty {};
struct TooLong { std::size_t limit, length; };  // in characters
struct Limit { int limit; std::int64_t game; };  // notes one player may keep in the game
}  // namespace note_refusal
using NoteRefusal = std::variant<note_refusal::Empty, note_refusal::TooLong, note_refusal::Limit>;
// Why a note was refused.
std::string refusal_text(const NoteRefusal& why);

// A note kept in game `record` after its current move, `sealed` or private.
ReplyWords note_kept(const GameRecord& record, bool sealed);
// `notes`: the player's `own` notes in game `record`, in the order written.
ReplyWords own_notes(const GameRecord& record, const std::vector<GameNote>& own);

}  // namespace pbem::server
