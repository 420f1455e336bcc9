// The HY 3 diagram: rows staggered by half a cell as on the real board, each empty cell
// showing its own label so a player can type the next move without counting.
#include "engine/hy3_render.h"

#include <cstdlib>

namespace pbem {

namespace {

constexpr int kCellWidth = 4;  // "d10 " — wide enough for the longest label plus a gap

std::string right_trimmed(std::string line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

}  // namespace

std::string draw_hy3_board(const Hy3Board& b, const std::vector<int>& stones, int last_cell) {
  std::string out;
  const int radius = b.radius();
  for (int row = 0; row < b.row_count(); ++row) {
    const int r = row - radius;
    std::string line(1, static_cast<char>('a' + row));
    line += "  ";
    line += std::string(static_cast<std::size_t>(std::abs(r) * kCellWidth / 2), ' ');
    for (int cell : b.row_cells(row)) {
      const int s = stones[static_cast<std::size_t>(cell)];
      const bool last = cell == last_cell;
      // One initialisation, not assignments in branches: GCC 12 at -O3 misreports the
      // latter as -Wmaybe-uninitialized inside std::string.
      std::string content = s < 0 ? b.label(cell) : std::string(s == 0 ? (last ? "[R]" : " R") : (last ? "[B]" : " B"));
      content.resize(kCellWidth, ' ');
      line += content;
    }
    out += right_trimmed(line) + "\n";
  }
  return out;
}

std::string hy3_key(const Hy3Board& b) {
  return "\nR = red, B = blue, [ ] = last stone placed.\nPerimeter " + std::to_string(b.perimeter()) +
         " cells: a winning group spans " + std::to_string(b.perimeter() / 2 + 1) + " or more, never exactly " +
         std::to_string(b.perimeter() / 2) + ".\n";
}

}  // namespace pbem
