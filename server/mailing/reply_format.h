// Pieces of reply text that several commands write the same way: game titles and headings,
// a game's state in a list, its result, the options of a game type.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/registry.h"
#include "server/storage/game_records.h"
#include "server/support/config.h"

namespace pbem::server {

// A reply's words, its Subject and its text: the handler addresses it.
struct ReplyWords {
  std::string subject;
  std::string text;
};

// "\nOn the web: https://games.example.org/games/17\n" for a page of the web window (`path`
// from its root), ending a mail; "" when web.base_url is not set.
std::string web_link(const Config& config, const std::string& path);

// "Gates", "HY 3", "Gaia" (the registry's title; the type itself if unknown).
std::string game_title(const std::string& type);
// "HY 3 #12 (-size=7)".
std::string board_heading(const GameRecord& record);
// The colour that won: by the board, or by the record when the game was lost on time.
std::optional<int> winner_of(const GameRecord& record, const Game& game);
// "Gates #17: bob to move" / "Gates #17: alice wins" / "Gates #17: aborted" / "Gates #17:
// aborted, alice never moved".
std::string game_subject(const GameRecord& record, const Game& game);
// A colour's name, as the game calls it ("dark").
std::string colour_of(const Game& game, int colour);
// "aborted by alice" for a game ended before its first move, "aborted by agreement (alice
// proposed it)" for one ended later, "aborted because alice never moved" for one the clock
// ended before alice's first ply; empty for a game not aborted.
std::string aborted_note(const GameRecord& record);
// aborted_note in a sentence on its own: "aborted by alice before the first move", ...
std::string aborted_sentence(const GameRecord& record);
// "Dark (bob) won" / "Black (alice) won" / "Dark (bob) won on time".
std::string result_text(const GameRecord& record, const Game& game);
// Where a game stands, for a list line: "aborted by alice", "bob won", "bob won: alice
// lost on time", "alice to move, deadline 2027-01-15 12:00 UTC".
std::string game_state(const GameRecord& record, const Game& game);
// The same from the record's stored columns alone (whose turn, swap, result): what a
// listing shows without replaying the game.
std::string game_state(const GameRecord& record);
// The names of a game's colours, first colour first ("red", "blue"): from a new game of its
// kind and options, without replaying any move.
std::array<std::string, 2> colour_names(const GameRecord& record);
// One line per challenge option of `type`: indent, "-name" or "-name=<n>", gap, its help.
std::string option_lines(const GameType& type, std::string_view indent, std::string_view gap);
// The server's own challenge options (play/challenge_options.h) alike: "-days=<n>", its help.
std::string server_option_lines(std::string_view indent, std::string_view gap);

// The lines of a listing in a reply (games, all show, ratings, ...): any mail may ask for
// one and name any address to answer, so a listing stops after kMaxLines lines with
// "... and N more" (server.md, "Limits that keep the server from being used against
// others").
class Listing {
 public:
  static constexpr std::size_t kMaxLines = 100;
  void add(std::string line);  // one line, without its newline
  // Lines past the shown ones that were counted without being read (the "... and N more").
  void add_unshown(std::size_t count) { more_ += count; }
  bool empty() const { return shown_.empty(); }
  // Every line shown, each after `indent` and ending in a newline; `when_empty` if none.
  std::string text(std::string_view indent, std::string_view when_empty) const;

 private:
  std::vector<std::string> shown_;
  std::size_t more_ = 0;
};

// The words in the order first given, each once (a command may name the same thing twice).
std::vector<std::string> each_once(const std::vector<std::string>& words);

}  // namespace pbem::server
