#include "server/cli/engine_cli.h"

#include <charconv>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "engine/bot/mcts.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "pictures/picture.h"

namespace pbem::server {

namespace {

constexpr int kOk = 0;
constexpr int kIllegalPly = 1;
constexpr int kUsage = 2;

// The parts of `<game> [options ...] [--json | --png FILE] -- <ply> ...`.
struct EngineCommand {
  std::unique_ptr<Game> game;
  bool json = false;
  std::optional<std::string> png_file;
  std::vector<std::string> plies;
  bot::SearchLimits limits;  // `pbem bot` only: --playouts N, --seed S
};

// The value of `--playouts N` or `--seed S` at args[i + 1], in [low, high].
std::optional<long long> flag_value(const std::vector<std::string>& args, std::size_t i, long long low,
                                    long long high, std::ostream& err) {
  if (i + 1 >= args.size() || args[i + 1] == "--") {
    err << args[i] << " needs a number\n";
    return std::nullopt;
  }
  const std::string& text = args[i + 1];
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    err << args[i] << " must be a whole number from " << low << " to " << high << ", not '" << text << "'\n";
    return std::nullopt;
  }
  return value;
}

// Parses the command line; on error writes to `err` and returns nullopt.
std::optional<EngineCommand> parse(const std::string& verb, const std::vector<std::string>& args,
                                   bool json_allowed, std::ostream& err, bool png_allowed = false,
                                   bool bot_allowed = false) {
  const std::string usage = "usage: pbem " + verb + " <game> [options ...]" +
                            (json_allowed ? " [--json]" : "") + (png_allowed ? " [--png FILE]" : "") +
                            (bot_allowed ? " [--playouts N] [--seed S]" : "") +
                            " -- [<ply> ...]";
  if (args.empty()) {
    err << usage << "\n";
    return std::nullopt;
  }
  EngineCommand command;
  std::vector<std::string> options;
  bool separator = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (separator) command.plies.push_back(args[i]);
    else if (args[i] == "--") separator = true;
    else if (args[i] == "--json" && json_allowed) command.json = true;
    else if (args[i] == "--png" && png_allowed) {
      if (i + 1 >= args.size() || args[i + 1] == "--") {
        err << "--png needs a file name\n" << usage << "\n";
        return std::nullopt;
      }
      command.png_file = args[++i];
    }
    else if (bot_allowed && (args[i] == "--playouts" || args[i] == "--seed")) {
      const bool playouts = args[i] == "--playouts";
      auto value = playouts ? flag_value(args, i, 1, bot::kMaxPlayouts, err)
                            : flag_value(args, i, 0, std::numeric_limits<long long>::max(), err);
      if (!value) {
        err << usage << "\n";
        return std::nullopt;
      }
      if (playouts) command.limits.playouts = static_cast<int>(*value);
      else command.limits.seed = static_cast<std::uint64_t>(*value);
      ++i;
    }
    else options.push_back(args[i]);
  }
  if (!separator) {
    err << "missing '--' before the plies\n" << usage << "\n";
    return std::nullopt;
  }
  try {
    command.game = create_game(args[0], options);
  } catch (const OptionError& e) {
    err << "pbem " << verb << ": " << e.what() << "\n";
    return std::nullopt;
  }
  return command;
}

nlohmann::ordered_json nullable_colour(const Game& game, std::optional<Colour> colour) {
  if (!colour) return nullptr;
  return std::string(game.colour_name(*colour));
}

std::optional<Colour> side_to_move(const Game& game) {
  if (game.over()) return std::nullopt;
  return game.to_move();
}

// Applies the plies in order; reports each through `report`; returns the first error index.
template <typename Report>
std::optional<std::size_t> apply_plies(Game& game, const std::vector<std::string>& plies, Report report) {
  for (std::size_t i = 0; i < plies.size(); ++i) {
    PlyResult result = game.play(plies[i]);
    report(i, result);
    if (!result.ok) return i;
  }
  return std::nullopt;
}

}  // namespace

int run_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto command = parse("replay", args, true, err);
  if (!command) return kUsage;
  Game& game = *command->game;
  auto failed = apply_plies(game, command->plies, [&](std::size_t i, const PlyResult& result) {
    if (!command->json) {
      if (!result.ok) err << "ply " << i + 1 << " (" << trim(command->plies[i]) << "): " << result.error << "\n";
      return;
    }
    nlohmann::ordered_json line;
    line["ply"] = i + 1;
    line["move"] = result.ok ? result.move : to_lower(trim(command->plies[i]));
    line["ok"] = result.ok;
    if (result.ok) {
      line["to_move"] = nullable_colour(game, side_to_move(game));
      line["winner"] = nullable_colour(game, game.winner());
    } else {
      line["error"] = result.error;
    }
    out << line.dump() << "\n";
  });
  if (command->json) {
    nlohmann::ordered_json final_line;
    final_line["final"] = true;
    final_line["plies"] = game.ply_count();
    final_line["to_move"] = nullable_colour(game, side_to_move(game));
    final_line["winner"] = nullable_colour(game, game.winner());
    final_line["cells"] = game.cells_json();
    out << final_line.dump() << "\n";
  } else {
    out << game.render(RenderContext{});
  }
  return failed ? kIllegalPly : kOk;
}

int run_legal(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto command = parse("legal", args, false, err);
  if (!command) return kUsage;
  auto failed = apply_plies(*command->game, command->plies, [&](std::size_t i, const PlyResult& result) {
    if (!result.ok) err << "ply " << i + 1 << " (" << trim(command->plies[i]) << "): " << result.error << "\n";
  });
  if (failed) return kIllegalPly;
  for (const std::string& ply : command->game->legal_plies()) out << ply << "\n";
  return kOk;
}

int run_render(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto command = parse("render", args, false, err, true);
  if (!command) return kUsage;
  Game& game = *command->game;
  auto failed = apply_plies(game, command->plies, [&](std::size_t i, const PlyResult& result) {
    if (!result.ok) err << "ply " << i + 1 << " (" << trim(command->plies[i]) << "): " << result.error << "\n";
  });
  if (failed) return kIllegalPly;
  const std::string png = pictures::draw_picture(game);
  if (!command->png_file) {
    out << png;
    return kOk;
  }
  std::ofstream file(*command->png_file, std::ios::binary | std::ios::trunc);
  file << png;
  file.close();
  if (!file) {
    err << "pbem render: cannot write " << *command->png_file << "\n";
    return kUsage;
  }
  if (const std::string reason = game.end_reason(); !reason.empty()) out << reason << "\n";
  return kOk;
}

int run_bot(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto command = parse("bot", args, false, err, false, true);
  if (!command) return kUsage;
  Game& game = *command->game;
  auto failed = apply_plies(game, command->plies, [&](std::size_t i, const PlyResult& result) {
    if (!result.ok) err << "ply " << i + 1 << " (" << trim(command->plies[i]) << "): " << result.error << "\n";
  });
  if (failed) return kIllegalPly;
  if (game.over()) {
    err << "pbem bot: the game is over: " << game.colour_name(*game.winner()) << " has won\n";
    return kIllegalPly;
  }
  out << bot::choose_ply(game, command->limits).ply << "\n";
  return kOk;
}

}  // namespace pbem::server
