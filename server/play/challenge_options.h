// Challenge options the server keeps for itself, beside a game's own options (which go to
// the engine): written like them, `-name`, in any order among them. A new server option is
// one row in challenge_options.cpp.
#pragma once

#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/game_records.h"

namespace pbem::server {

// Which server option: its one line of help, for `list` and `<game> help`, is worded by
// mailing/reply_format.h (`server_option_lines`) from the catalogue.
enum class ServerOptionId { Unrated, Days, Clock, Weekends, Rating };

struct ServerOption {
  ServerOptionId id;
  std::string_view name;  // without the dash
  std::string_view value = "";  // written -name=<value> ("<n>", "B+I"); "" for a flag
};

const std::vector<ServerOption>& server_challenge_options();

struct ChallengeOptions {
  std::vector<std::string> game_options;  // for create_game
  bool rated = true;                      // -unrated: the game leaves ratings alone
  std::optional<int> days_per_move;       // -days=N (0..60); nothing: clock.days_per_move
  std::optional<TimeBank> bank;           // -clock=B+I instead of -days
  // -weekends=off: the clock (days per move or bank) does not run from Saturday 00:00 to
  // Monday 00:00 UTC (GameRecord::weekends_off; play/running_time.h). A competition that
  // starts games (tournament, ladder, league) keeps it and hands it to GameRecords::create.
  bool weekends_off = false;
  // -rating=LO-HI: an open invitation's taker's rating range, inclusive.
  std::optional<std::pair<int, int>> rating_range;
};

// Takes the server's options out of a challenge's option words (lower-case). Throws
// ChallengeOptionError (challenge_option_refusal.h) for a server option with a bad value.
ChallengeOptions split_challenge_options(const std::vector<std::string>& words);

}  // namespace pbem::server
