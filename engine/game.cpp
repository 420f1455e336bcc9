#include "engine/game.h"

#include <utility>

#include "engine/text.h"

namespace pbem {

PlyResult Game::play(std::string_view ply) {
  std::string text = to_lower(trim(ply));
  if (text.empty()) return PlyResult::rejected("empty move: expected a move such as " +
                                               (legal_plies().empty() ? std::string("a placement")
                                                                      : legal_plies().front()));
  if (over())
    return PlyResult::rejected("the game is over: " + std::string(colour_name(*winner_)) + " has won");
  if (text == "resign") return resign(to_move_);
  if (text == "swap") {
    if (!swap_enabled_) return PlyResult::rejected("swap is not enabled in this game");
    if (ply_count() != 1) return PlyResult::rejected("swap is only allowed as the second move (ply 2)");
    apply_swap();
    return PlyResult::accepted("swap");
  }
  PlyResult result = place(text, to_move_);
  if (!result.ok) return result;
  placed(result.move);
  return result;
}

bool Game::play_code(int code) {
  if (over() || code < 0 || code > swap_code()) return false;
  if (code == swap_code()) {
    if (!swap_allowed()) return false;
    apply_swap();
    return true;
  }
  if (!place_code(code, to_move_)) return false;
  placed(placement_text(code));
  return true;
}

void Game::apply_swap() {
  swapped_ = true;
  record_.push_back("swap");
  // The board is unchanged and the second colour moves again, now played by the user
  // who made ply 1.
  after_ply();
}

void Game::placed(std::string move) {
  record_.push_back(std::move(move));
  to_move_ = other(to_move_);
  if (!over()) after_ply();
}

std::string Game::ply_text(int code) const { return code == swap_code() ? "swap" : placement_text(code); }

void Game::legal_ply_codes(std::vector<int>& codes) const {
  codes.clear();
  if (over()) return;
  legal_placement_codes(codes);
  if (swap_allowed()) codes.push_back(swap_code());
}

PlyResult Game::resign(Colour colour) {
  if (over())
    return PlyResult::rejected("the game is over: " + std::string(colour_name(*winner_)) + " has won");
  record_.push_back("resign");
  declare_winner(other(colour));
  return PlyResult::accepted("resign");
}

std::vector<std::string> Game::legal_plies() const {
  std::vector<int> codes;
  legal_ply_codes(codes);
  std::vector<std::string> plies;
  plies.reserve(codes.size());
  for (int code : codes) plies.push_back(ply_text(code));
  return plies;
}

nlohmann::json Game::state_json() const {
  nlohmann::json state;
  state["game"] = std::string(name());
  state["options"] = options_text();
  state["plies"] = ply_count();
  state["to_move"] = over() ? nlohmann::json(nullptr) : nlohmann::json(std::string(colour_name(to_move_)));
  state["winner"] = winner_ ? nlohmann::json(std::string(colour_name(*winner_))) : nlohmann::json(nullptr);
  state["cells"] = cells_json();
  return state;
}

namespace {
std::string capitalised(std::string_view word) {
  std::string out(word);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}
}  // namespace

std::string Game::status_lines(const RenderContext& context) const {
  auto who = [&](Colour c) {
    std::string text = capitalised(colour_name(c));
    if (!context.players[static_cast<std::size_t>(c)].empty())
      text += " (" + context.players[static_cast<std::size_t>(c)] + ")";
    return text;
  };
  std::string out = who(0) + " moves first; " + who(1) + " second.";
  if (swapped_) out += " Colours were swapped at move 2.";
  out += "\n";
  if (record_.empty()) {
    out += "No moves yet.\n";
  } else {
    out += "Move " + std::to_string(record_.size()) + ": " + record_.back() + ".\n";
  }
  if (winner_) out += who(*winner_) + " has won.\n";
  else out += who(to_move_) + " to move" + (swap_allowed() ? " (may swap)." : ".") + "\n";
  return out;
}

}  // namespace pbem
