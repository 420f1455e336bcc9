// The interface every game implements, plus the rules common to all of them:
// alternation, swap at ply 2, resignation, and "over once a winner exists".
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace pbem {

// Colour 0 is the first colour (moves first), colour 1 the second.
using Colour = int;
constexpr Colour other(Colour c) { return 1 - c; }

// The outcome of one attempted ply. On failure the game is unchanged.
struct PlyResult {
  bool ok = false;
  std::string move;   // canonical form of the ply as entered (on success)
  std::string error;  // specific reason (on failure)

  static PlyResult accepted(std::string move) { return {true, std::move(move), {}}; }
  static PlyResult rejected(std::string error) { return {false, {}, std::move(error)}; }
};

// Who plays which colour, for the diagram's status lines. Empty names are left out.
struct RenderContext {
  std::array<std::string, 2> players;  // user ids by colour (after any swap)
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::unique_ptr<Game> clone() const = 0;
  // Makes this game a copy of `other`, which must be the same game type (else
  // std::bad_cast), reusing this object's memory: the search resets one scratch game to the
  // root for every playout instead of allocating a clone.
  virtual void assign(const Game& other) = 0;

  virtual std::string_view name() const = 0;                 // "gates", "hy3", "gaia"
  virtual std::string_view colour_name(Colour c) const = 0;  // "light", "red", ...
  virtual std::string options_text() const = 0;              // canonical, e.g. "-cross -size=5"

  // Parses, validates and applies one ply: a placement, "swap" or "resign" (for the colour
  // to move). Input is case-insensitive and may carry surrounding blanks.
  PlyResult play(std::string_view ply);
  // Resignation by either colour (a player may resign out of turn by mail).
  PlyResult resign(Colour colour);

  Colour to_move() const { return to_move_; }
  std::optional<Colour> winner() const { return winner_; }
  bool over() const { return winner_.has_value(); }
  int ply_count() const { return static_cast<int>(record_.size()); }
  const std::vector<std::string>& record() const { return record_; }
  // True once ply 2 was a swap: the users exchanged colours.
  bool swapped() const { return swapped_; }
  bool swap_allowed() const { return swap_enabled_ && !over() && ply_count() == 1; }

  // Every legal ply in canonical form, "swap" last when allowed; empty once over.
  std::vector<std::string> legal_plies() const;

  // Plies as numbers, for the computer's playouts, which play tens of thousands of plies a
  // second and should not spend them writing and parsing text. A ply code in
  // [0, ply_code_count()) names one ply of this game in any position; swap_code() is
  // "swap". The string API above is built on these, so both go through the same rules.
  int ply_code_count() const { return placement_code_count() + 1; }
  int swap_code() const { return placement_code_count(); }
  // The legal plies: the same plies in the same order as legal_plies(). Replaces the
  // contents of `codes` (a buffer the caller keeps, so a playout allocates nothing).
  void legal_ply_codes(std::vector<int>& codes) const;
  // Plays the ply `code` names: the same effect and result as play(ply_text(code)).ok.
  bool play_code(int code);
  // The canonical text of a ply code, as legal_plies() writes it.
  std::string ply_text(int code) const;

  // Occupied cells: label -> content (tile letter or colour name).
  virtual nlohmann::json cells_json() const = 0;
  // Whole position as JSON (game, options, plies, to_move, winner, cells).
  nlohmann::json state_json() const;

  // A stored ply as a move list shows it to players: it may add what the ply did beyond
  // its own text (a Gaia edge stone also fills its partner, "f1-f10" as the board key
  // writes pairs). Machine outputs (record, replay, legal) keep the plain ply.
  virtual std::string describe_ply(const std::string& ply) const { return ply; }
  // One spelling for the plies that do the same thing as the canonical ply `ply` (a Gaia edge
  // stone written with either label of its pair is one ply): plies compare equal by it, and
  // it is itself a ply that plays the same.
  virtual std::string ply_identity(const std::string& ply) const { return ply; }

  // The board alone as ASCII art, in columns: no key and no line in words. render() begins
  // with it; a mail's HTML part keeps it in a <pre> block while the lines after it wrap.
  virtual std::string diagram() const = 0;
  // The ASCII diagram a player receives: diagram(), then its key, the end_reason() line
  // once the board decided, and the status lines.
  virtual std::string render(const RenderContext& context) const = 0;

  // Why the board decided the game, in one line for players ("A red group spans 19 of the
  // 36 perimeter cells, more than half."); empty while the game is on or after a resignation.
  virtual std::string end_reason() const { return {}; }
  // The cells a picture highlights on a finished game: the winning group or path (for Cross
  // Gates a losing path when joining opposite sides decided). Empty when nothing is to show.
  virtual std::vector<int> winning_cells() const { return {}; }

 protected:
  explicit Game(bool swap_enabled) : swap_enabled_(swap_enabled) {}
  Game(const Game&) = default;
  Game& operator=(const Game&) = default;

  // Whether this game was created with swap at ply 2 enabled (an option of HY 3 and Gaia).
  bool swap_enabled() const { return swap_enabled_; }

  // Parses and validates a placement by `colour`; applies it only if legal and returns its
  // canonical text. May call declare_winner(). Called only while the game is not over.
  virtual PlyResult place(std::string_view ply, Colour colour) = 0;
  // Placements as codes 0 .. placement_code_count() - 1 (ply codes above).
  virtual int placement_code_count() const = 0;
  // Appends the legal placements for the colour to move, in a stable order.
  virtual void legal_placement_codes(std::vector<int>& codes) const = 0;
  // Applies the placement `code` by `colour` if legal, as place() would its text; false
  // (and the game unchanged) if not. May call declare_winner(). Only while not over.
  virtual bool place_code(int code, Colour colour) = 0;
  // The canonical text of placement `code` (what place() returns as the move).
  virtual std::string placement_text(int code) const = 0;
  // Called after every accepted ply (placement or swap) once the side to move is updated;
  // a game whose rules end play on the position (e.g. "no legal placement") does it here.
  virtual void after_ply() {}

  void declare_winner(Colour colour) {
    if (!winner_) winner_ = colour;
  }
  // Status lines under every diagram: colours, users, last move, side to move or result.
  std::string status_lines(const RenderContext& context) const;

 private:
  // The shared ends of play() and play_code(): a swap, and the bookkeeping after a placement.
  void apply_swap();
  void placed(std::string move);

  bool swap_enabled_;
  bool swapped_ = false;
  Colour to_move_ = 0;
  std::optional<Colour> winner_;
  std::vector<std::string> record_;
};

}  // namespace pbem
