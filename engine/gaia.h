// Gaia (Mark Thompson, 2002): black and white place stones on a rounded board; a stone on
// an edge cell also fills the opposed edge cell. Win by joining two opposed edge cells in
// one group, or by leaving the opponent no way left to do so. (Rules: docs/rules.md, "Gaia".)
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/gaia_board.h"
#include "engine/game.h"

namespace pbem {

struct GameType;  // engine/registry.h

class Gaia : public Game {
 public:
  // Why the game was won on the board (a resignation leaves this empty).
  enum class Win {
    opposed_group,  // type 1: the winner's group holds two opposed edge cells
    opponent_cut,   // type 2: the loser could not do so even filling every empty cell
  };

  Gaia(int size, bool swap_enabled);

  std::unique_ptr<Game> clone() const override { return std::make_unique<Gaia>(*this); }
  void assign(const Game& other) override { *this = dynamic_cast<const Gaia&>(other); }
  std::string_view name() const override { return "gaia"; }
  std::string_view colour_name(Colour c) const override { return c == 0 ? "black" : "white"; }
  std::string options_text() const override;
  nlohmann::json cells_json() const override;
  std::string diagram() const override;
  std::string render(const RenderContext& context) const override;
  std::string describe_ply(const std::string& ply) const override;
  // An edge pair is named by its first-half cell.
  std::string ply_identity(const std::string& ply) const override;
  std::string end_reason() const override;
  // The winner's group holding two opposed edge cells (empty for a type 2 win: the picture
  // then shows the position that leaves the loser no way through).
  std::vector<int> winning_cells() const override;

  const GaiaBoard& board() const { return *board_; }
  // The colour on `cell`, if any.
  std::optional<Colour> stone(int cell) const;
  std::optional<Win> win() const { return win_; }

  // True if a group of `colour` holds two opposed edge cells (type 1).
  bool has_opposed_group(Colour colour) const;
  // True if `colour` could still form such a group by filling every empty cell.
  bool can_still_join(Colour colour) const;

 protected:
  PlyResult place(std::string_view ply, Colour colour) override;
  // Placement codes are cells; both cells of an edge pair are plies (legal_plies() lists both).
  int placement_code_count() const override { return board_->cell_count(); }
  void legal_placement_codes(std::vector<int>& codes) const override;
  bool place_code(int code, Colour colour) override;
  std::string placement_text(int code) const override { return board_->label(code); }

 private:
  static constexpr std::int8_t empty = -1;

  // Union-find over stones. Each root also records which edge cells its group holds,
  // one bit per pair: bit p of first_half = edge cell p, of second_half = cell p + 3n.
  struct Link {
    int parent = 0;
    std::uint32_t first_half = 0;
    std::uint32_t second_half = 0;
  };

  int root(int cell) const;
  // can_still_join(colour), and if so, in `way` (when given) cells that prove it: a chain of
  // cells the opponent does not hold, from one edge cell to its opposed one.
  bool find_way(Colour colour, std::vector<int>* way) const;
  // can_still_join() as each ply asks it: the way found last time stays a proof until the
  // opponent takes one of its cells, so the flood fill runs again only then (a flood fill
  // every ply was most of a Gaia playout's time).
  bool way_left(Colour colour);
  int winning_root() const;  // root of the type 1 winning group, or -1
  void put_stone(int cell, Colour colour);  // sets the stone and joins its same-colour neighbours
  // Places on the empty `cell` (and its partner) and declares any winner.
  void apply(int cell, Colour colour);

  std::shared_ptr<const GaiaBoard> board_;  // shared, immutable
  std::vector<std::int8_t> stones_;         // per cell: empty, 0 or 1
  mutable std::vector<Link> links_;         // mutable for path halving in root()
  std::vector<int> last_placed_;            // the stone(s) of the most recent placement
  std::optional<Win> win_;
  std::array<std::vector<int>, 2> ways_;  // per colour: find_way()'s last proof, empty if none
};

// The registry entry for gaia (engine/gaia_type.cpp): name, help, options and factory.
GameType gaia_game_type();

}  // namespace pbem
