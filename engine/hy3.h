// HY 3 (Mark Steere, 2023): connect a group spanning more than half the perimeter.
// Rules: docs/rules.md, "HY 3".
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "engine/game.h"
#include "engine/hy3_board.h"

namespace pbem {

struct GameType;  // engine/registry.h

class Hy3 final : public Game {
 public:
  Hy3(int size, bool swap_enabled);

  std::unique_ptr<Game> clone() const override { return std::make_unique<Hy3>(*this); }
  void assign(const Game& other) override { *this = dynamic_cast<const Hy3&>(other); }
  std::string_view name() const override { return "hy3"; }
  std::string_view colour_name(Colour c) const override { return c == 0 ? "red" : "blue"; }
  std::string options_text() const override;
  nlohmann::json cells_json() const override;
  std::string diagram() const override;
  std::string render(const RenderContext& context) const override;
  std::string end_reason() const override;
  // The winner's group spanning more than half the perimeter (empty after a resignation or
  // a win by the opponent having no legal placement).
  std::vector<int> winning_cells() const override;

  const Hy3Board& board() const { return *board_; }
  // Stone on a cell: -1 empty, else its colour.
  int stone(int cell) const { return stones_[static_cast<std::size_t>(cell)]; }
  // Span (in perimeter cells) of the group holding `cell`; 0 for an empty cell.
  int group_span(int cell) const;

 protected:
  PlyResult place(std::string_view ply, Colour colour) override;
  // Placement codes are cells.
  int placement_code_count() const override { return board_->cell_count(); }
  void legal_placement_codes(std::vector<int>& codes) const override;
  bool place_code(int code, Colour colour) override;
  std::string placement_text(int code) const override { return board_->label(code); }
  void after_ply() override;

 private:
  // Perimeter positions touched by a group, bit i for ring index i; P <= 6 * 12 = 72 at
  // the largest size. Two plain words rather than a std::bitset: span_of() walks the set
  // bits alone, which the playouts ask for several times a ply.
  struct Anchors {
    std::array<std::uint64_t, 2> words{};
    void set(int index) { words[static_cast<std::size_t>(index / 64)] |= std::uint64_t{1} << (index % 64); }
    Anchors& operator|=(const Anchors& more) {
      words[0] |= more.words[0];
      words[1] |= more.words[1];
      return *this;
    }
    int count() const { return std::popcount(words[0]) + std::popcount(words[1]); }
  };

  int find_root(int cell) const;
  // Root of the winner's group spanning more than half the perimeter, or -1.
  int winning_root() const;
  // Anchors the group of a stone of `colour` at empty `cell` would have.
  Anchors anchors_if_placed(int cell, Colour colour) const;
  int span_of(const Anchors& anchors) const;
  // The rule of spec section 3: no placement may make a group span exactly half.
  bool spans_half(int span) const { return 2 * span == board_->perimeter(); }
  // Puts a stone the rules allow; `anchors` and `span` are its group's after it.
  void put_stone(int cell, Colour colour, const Anchors& anchors, int span);
  bool placement_legal(int cell, Colour colour) const;
  bool has_legal_placement(Colour colour) const;

  std::shared_ptr<const Hy3Board> board_;
  std::vector<int> stones_;    // per cell: -1 empty, 0 red, 1 blue
  // Union-find over stones of one colour; mutable so lookups can halve paths.
  mutable std::vector<int> parent_;
  std::vector<Anchors> anchors_;  // valid at roots
  int last_cell_ = -1;
};

// The registry entry for hy3 (engine/hy3_type.cpp): name, help, options and factory.
GameType hy3_game_type();

}  // namespace pbem
