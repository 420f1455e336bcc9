// Ladders as stored (schema/027_ladders.sql): the ladder's settings, its rungs as they
// stand, and its games (who climbed whom, and each one's result once it ends). How the
// rungs move is server/tournament/ladder_rules.h (pure code).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"
#include "server/tournament/ladder_rules.h"

namespace pbem::server {

struct LadderRecord {
  std::int64_t id = 0;
  std::string type;  // the game
  std::string name;
  std::int64_t organiser_id = 0;
  std::string organiser;  // their userid
  int reach = 3;
  std::string game_options;  // canonical, as games.options
  bool rated = true;
  int days_per_move = 0;
  std::optional<std::string> time_bank;  // -clock's text; none: days_per_move
  bool weekends_off = false;             // -weekends=off, for every game it starts
  std::string created_at;
};

// One player on the ladder.
struct LadderRung {
  int rung = 0;  // 1 at the top
  std::int64_t user_id = 0;
  std::string userid;
  std::string since;  // ISO 8601 UTC: when they came to this rung
};

// A ladder game, running or over.
struct LadderGame {
  std::int64_t game_id = 0;
  std::int64_t ladder_id = 0;
  std::int64_t climber_id = 0, target_id = 0;
  std::string climber, target;  // their userids
  std::optional<std::int64_t> winner_id;
  std::optional<int> climbed_to;       // the rung the climber took by winning
  std::optional<std::string> ended_at;  // none while it runs
};

// What a ladder game's mail names: "Ladder L#3 club".
struct LadderOfGame {
  std::int64_t id = 0;
  std::string name;
};

class Ladders {
 public:
  explicit Ladders(Database& db) : db_(db) {}

  // A new ladder from `settings` (id and created_at are filled here); returns it as stored.
  LadderRecord create(const LadderRecord& settings);
  std::optional<LadderRecord> find(std::int64_t id) const;
  // At most `limit` ladders of game `type`, newest first, and how many there are in all.
  std::vector<LadderRecord> of_type(const std::string& type, int limit) const;
  // The same with each ladder's number of players, in the one query (`<game> ladders`).
  std::vector<std::pair<LadderRecord, int>> of_type_with_players(const std::string& type, int limit) const;
  int count_of_type(const std::string& type) const;
  // The ladders `user_id` stands on (by index ladder_rungs_by_user), oldest first.
  std::vector<LadderRecord> of_player(std::int64_t user_id) const;
  int count_organised_by(std::int64_t user_id) const;

  // The rungs, top first: all of them (the moves need the whole order), or at most `limit`.
  std::vector<LadderRung> rungs(std::int64_t id, std::optional<int> limit = std::nullopt) const;
  ladder::Rungs order(std::int64_t id) const;
  int count_rungs(std::int64_t id) const;
  // Stores `order` as the ladder's rungs: a player whose rung changed (or who is new) is
  // there since `now`; a player not in it comes off.
  void set_order(std::int64_t id, const ladder::Rungs& order, const std::string& now);

  void add_game(std::int64_t id, std::int64_t game_id, std::int64_t climber_id, std::int64_t target_id);
  // The games still running, at most `limit` of them when given (oldest first).
  std::vector<LadderGame> open_games(std::int64_t id, std::optional<int> limit = std::nullopt) const;
  std::vector<ladder::OpenClimb> open_climbs(std::int64_t id) const;
  // The last `limit` games that ended, newest first.
  std::vector<LadderGame> results(std::int64_t id, int limit) const;
  std::optional<LadderGame> game(std::int64_t game_id) const;
  // The game's result, in the transaction that ends it (`winner_id` none: aborted).
  void end_game(std::int64_t game_id, std::optional<std::int64_t> winner_id, std::optional<int> climbed_to,
                const std::string& now);
  std::optional<LadderOfGame> of_game(std::int64_t game_id) const;

 private:
  Database& db_;
};

}  // namespace pbem::server
