#include "server/play/challenge_options.h"

#include "server/play/challenge_option_refusal.h"
#include "server/play/time_bank.h"

namespace pbem::server {

const std::vector<ServerOption>& server_challenge_options() {
  static const std::vector<ServerOption> options{
      {ServerOptionId::Unrated, "unrated"},
      {ServerOptionId::Days, "days", "<n>"},
      {ServerOptionId::Clock, "clock", "B+I"},
      {ServerOptionId::Weekends, "weekends", "off"},
      {ServerOptionId::Rating, "rating", "LO-HI"},
  };
  return options;
}

namespace {

// "-rating=1400-1700": two whole numbers from 0 to 9999, the first not above the second.
std::pair<int, int> rating_range(const std::string& word) {
  const std::string value = word.size() > 8 ? word.substr(8) : "";
  const auto dash = value.find('-');
  const auto number = [](const std::string& text) -> std::optional<int> {
    if (text.empty() || text.size() > 4 || text.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    return std::stoi(text);
  };
  const auto low = dash == std::string::npos ? std::nullopt : number(value.substr(0, dash));
  const auto high = dash == std::string::npos ? std::nullopt : number(value.substr(dash + 1));
  if (!low || !high || *low > *high) throw ChallengeOptionError(challenge_option_refusal::RatingRangeMalformed{word});
  return {*low, *high};
}

}  // namespace

ChallengeOptions split_challenge_options(const std::vector<std::string>& words) {
  ChallengeOptions result;
  for (const std::string& word : words) {
    if (word == "-unrated") {
      result.rated = false;
    } else if (word == "-days" || word.starts_with("-days=")) {
      const std::string value = word.size() > 6 ? word.substr(6) : "";
      const bool digits = !value.empty() && value.size() <= 2 &&
                          value.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || std::stoi(value) > 60) throw ChallengeOptionError(challenge_option_refusal::DaysOutOfRange{word});
      result.days_per_move = std::stoi(value);
    } else if (word == "-weekends" || word.starts_with("-weekends=")) {
      if (word != "-weekends=off" && word != "-weekends=on")
        throw ChallengeOptionError(challenge_option_refusal::WeekendsNeitherOffNorOn{word});
      result.weekends_off = word == "-weekends=off";
    } else if (word == "-clock" || word.starts_with("-clock=")) {
      result.bank = parse_time_bank(word.size() > 7 ? std::string_view(word).substr(7) : "");
    } else if (word == "-rating" || word.starts_with("-rating=")) {
      result.rating_range = rating_range(word);
    } else {
      result.game_options.push_back(word);
    }
  }
  if (result.bank && result.days_per_move) throw ChallengeOptionError(challenge_option_refusal::TwoClocks{});
  return result;
}

}  // namespace pbem::server
