#include "server/commands/challenge_options.h"

namespace pbem::server {

const std::vector<ServerOption>& server_challenge_options() {
  static const std::vector<ServerOption> options{
      {"unrated", "the game does not count for the ratings (default: rated)"},
  };
  return options;
}

ChallengeOptions split_challenge_options(const std::vector<std::string>& words) {
  ChallengeOptions result;
  for (const std::string& word : words) {
    if (word == "-unrated") result.rated = false;
    else result.game_options.push_back(word);
  }
  return result;
}

std::string server_option_lines(std::string_view indent, std::string_view gap) {
  std::string out;
  for (const ServerOption& option : server_challenge_options())
    out += std::string(indent) + "-" + std::string(option.name) + std::string(gap) + std::string(option.help) + "\n";
  return out;
}

}  // namespace pbem::server
