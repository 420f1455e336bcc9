#include "server/replies/note_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
std::vector<Arg> about(const GameRecord& record) { return {{"title", game_title(record.type)}, {"game", record.id}}; }
}  // namespace

std::string refusal_text(const NoteRefusal& why) {
  using namespace note_refusal;
  return std::visit(
      Overloaded{[](const Empty&) { return text(Msg::NoteEmptyRefusal); },
                 [](const TooLong& r) { return text(Msg::NoteTooLongRefusal, {{"limit", r.limit}, {"length", r.length}}); },
                 [](const Limit& r) { return text(Msg::NoteLimitRefusal, {{"limit", r.limit}, {"game", r.game}}); }},
      why);
}

ReplyWords note_kept(const GameRecord& record, bool sealed) {
  std::vector<Arg> kept = about(record);
  kept.emplace_back("ply", record.plies);
  if (!sealed) kept.emplace_back("type", record.type);  // how to list them: `<type> notes N`
  return {text(Msg::NoteSubject, about(record)), text(sealed ? Msg::NoteKeptSealed : Msg::NoteKeptPrivate, kept)};
}

ReplyWords own_notes(const GameRecord& record, const std::vector<GameNote>& own) {
  std::string body = own.empty() ? text(Msg::NotesNone, about(record))
                                 : text(Msg::NotesHeading, {{"title", game_title(record.type)},
                                                            {"game", record.id},
                                                            {"count", own.size()}});
  for (const GameNote& n : own)
    body += text(n.sealed ? Msg::NotesRowSealed : Msg::NotesRowPrivate,
                 {{"ply", n.ply}, {"written", n.created_at}, {"text", n.text}});
  return {text(Msg::NotesSubject, about(record)), body};
}

}  // namespace pbem::server
