// Gates as a pbem::Game: move syntax, the parity options, and the outcome after each ply
// (rules: docs/rules.md, "Gates"). The game is pbem::Gates, beside pbem::Hy3 and pbem::Gaia;
// its parts live in namespace pbem::gates (their names, Board, Position, Tile, would be too
// general in pbem): the board geometry in gates_board.h, the tile table in gates_tiles.h,
// connectivity in gates_position.h, the outcome in gates_outcome.h, the diagram in
// gates_render.h. The registry entry (options, help, factory) is gates_type.cpp.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/gates_board.h"
#include "engine/gates_position.h"
#include "engine/gates_tiles.h"

namespace pbem::gates {

// How tile parities (a-c = 0, d-f = 1) are kept consistent between neighbours.
enum class ParityRule {
  fixed,       // default: only a, b, c
  phase,       // -phase: ply 1 any of a-f, later tiles the parity of ply 1
  invert_min,  // -invert_min (-invert): any tile; clashing groups flip the cheaper way
  align,       // -align: any tile with a supporting neighbour; clashing groups align to it
};
// The option word ("phase", ...); empty for the default.
std::string_view parity_option(ParityRule rule);

// The path that decided a finished game: its colour and the board sides it touches.
// `loses` marks Cross Gates' rule that joining two opposite sides loses.
struct DecidingPath {
  Colour colour;
  unsigned sides;
  bool loses;
};

// "top, lower right and lower left": the names of the sides in a side mask.
std::string side_names(BoardKind kind, unsigned sides);

}  // namespace pbem::gates

namespace pbem {

struct GameType;  // engine/registry.h

class Gates final : public Game {
 public:
  Gates(gates::BoardKind kind, int size, gates::ParityRule rule);

  std::unique_ptr<Game> clone() const override { return std::make_unique<Gates>(*this); }
  void assign(const Game& other) override { *this = dynamic_cast<const Gates&>(other); }
  std::string_view name() const override { return "gates"; }
  std::string_view colour_name(Colour colour) const override { return colour == gates::kDark ? "dark" : "light"; }
  // Board type, size, then the parity option if any: "-cross -size=5 -invert_min".
  std::string options_text() const override;
  nlohmann::json cells_json() const override;
  std::string diagram() const override;
  std::string render(const RenderContext& context) const override;
  std::string end_reason() const override;
  std::vector<int> winning_cells() const override;
  // The path that decided the game; nullopt while it is on or after a resignation.
  std::optional<gates::DecidingPath> deciding_path() const;
  // Whether the band at `corner` of `cell` belongs to `path`.
  bool on_deciding_path(const gates::DecidingPath& path, int cell, flat::Corner corner) const;

  const gates::Position& position() const { return position_; }
  const gates::Board& board() const { return position_.board(); }
  gates::ParityRule parity_rule() const { return rule_; }
  // The cell of the most recent placement, if any.
  std::optional<int> last_cell() const { return last_cell_ < 0 ? std::nullopt : std::optional<int>(last_cell_); }

  Gates(const Gates&) = default;
  Gates& operator=(const Gates&) = default;

 protected:
  PlyResult place(std::string_view ply, Colour colour) override;
  // Placement codes: cell * 6 + the letter's index (a = 0 .. f = 5).
  int placement_code_count() const override { return 6 * board().cell_count(); }
  void legal_placement_codes(std::vector<int>& codes) const override;
  bool place_code(int code, Colour colour) override;
  std::string placement_text(int code) const override;

 private:
  struct Placement {
    int cell;
    gates::Tile tile;
  };
  // Whether the rules allow `placement` (the cell empty, the parity rule met).
  bool allows(Placement placement) const;
  // Puts a placement the rules allow on the board and declares any winner.
  void apply(Placement placement, Colour colour);
  // Parses and fully validates a placement; the error text is meant for the player.
  std::variant<Placement, std::string> validate(std::string_view ply) const;
  // Whether the parity rule allows `tile` on the empty `cell`; parity_violation() says why not.
  bool parity_allows(int cell, gates::Tile tile) const;
  std::optional<std::string> parity_violation(int cell, gates::Tile tile) const;
  // The parity the new tile's merged group ends with.
  int final_parity(int cell, gates::Tile tile) const;

  gates::Position position_;
  gates::ParityRule rule_;
  std::optional<int> phase_parity_;  // -phase: the parity chosen on ply 1
  int last_cell_ = -1;
};

// The registry entry for gates (engine/gates_type.cpp): name, help, options and factory. The
// factory accepts -cross (default) | -y | -hex, -size=<n>, and at most one of -phase,
// -invert_min (alias -invert) and -align; anything else throws OptionError naming what is accepted.
GameType gates_game_type();

}  // namespace pbem
