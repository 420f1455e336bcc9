#include "server/records/sgf_record.h"

#include <algorithm>
#include <map>

namespace pbem::server {

namespace {

std::string property(std::string_view name, std::string_view value) {
  return std::string(name) + "[" + sgf_escaped(value) + "]";
}

// The notes by the node they go on: ply 0 is the root; a note after the last board ply
// (written after a resignation, which is no node) goes on the last node.
std::map<int, std::string> comments(const RecordSource& source) {
  const int last = source.plies.empty() ? 0 : source.plies.back().ply;
  std::map<int, std::string> by_ply;
  for (const RecordNote& note : source.notes) {
    std::string& comment = by_ply[std::min(note.ply, last)];
    if (!comment.empty()) comment += "\n\n";
    // Both players' sealed notes may share a node: each says whose it is.
    comment += note.userid + ": " + note.text;
  }
  return by_ply;
}

}  // namespace

std::string sgf_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string sgf_result(const RecordSource& source) {
  if (!source.result) return "";
  const RecordResult& result = *source.result;
  if (!result.winner_seat) return "Void";  // an abort, a void game, a player who never moved
  std::string value = *result.winner_seat == 0 ? "B+" : "W+";
  if (result.reason == GameEnd::Resigned) value += "R";
  if (result.reason == GameEnd::Time) value += "T";
  return value;
}

std::string sgf_record(const RecordSource& source) {
  const GameRecord& game = source.game;
  const auto notes = comments(source);
  std::string sgf = "(;FF[4]CA[UTF-8]AP[pbem]";
  sgf += property("EV", game.options.empty() ? game.type : game.type + " " + game.options);
  sgf += property("GN", source.title + " #" + std::to_string(game.id));
  sgf += property("PB", source.players[0].userid) + property("PW", source.players[1].userid);
  sgf += property("DT", game.created_at.substr(0, 10));
  if (const std::string result = sgf_result(source); !result.empty()) sgf += property("RE", result);
  if (const auto root = notes.find(0); root != notes.end()) sgf += property("C", root->second);
  for (const RecordPly& ply : source.plies) {
    sgf += "\n;" + property(ply.seat == 0 ? "B" : "W", ply.move);
    if (const auto note = notes.find(ply.ply); note != notes.end()) sgf += property("C", note->second);
  }
  return sgf + ")\n";
}

}  // namespace pbem::server
