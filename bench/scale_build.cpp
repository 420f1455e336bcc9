// Builds a database of a chosen size for bench/scale.py (issue 33 item 2, "Flat in size"),
// through the storage layer as the server writes it: users with a password and a
// confirmed address, the computer's account, finished games (random legal plies from the
// engine, rated as the server rates them, a few unrated or lost on time), games running
// with live clocks, and running games against the computer where the human is to move.
//
//   build/bench/scale_build --config FILE [--users U] [--finished F] [--running R]
//       [--bot-games B] [--moves M] [--running-plies P] [--seed S] [--probes K]
//       [--manifest FILE]
//
// The database is the configuration's `database` (a SQLite file or a postgresql:// URI),
// picked and migrated as `pbem` does; it must hold no users yet. M is the total number of
// stored plies: the running games get about P plies each (never a finished position),
// the finished games share the rest (each its share, give or take half, resigned by the
// player to move if the board has not decided by then). Every user's password is
// "benchpass"; its Argon2id hash is computed once and stored for all (the one row written
// here without a storage class: Accounts::create hashes each password, 0.1 s apiece).
// The manifest (JSON) names what bench/scale.py times: running games with a legal ply for
// the player to move, the same in games against the computer, users with running games,
// users rated in each game, finished games for `history`. Same seed, same database.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "server/play/game_clock.h"
#include "server/play/rated_game.h"
#include "server/storage/accounts.h"
#include "server/storage/address_confirmations.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/migrations.h"
#include "server/storage/passwords.h"
#include "server/storage/ratings.h"
#include "server/storage/server_secrets.h"
#include "server/support/clock.h"
#include "server/support/config.h"

using namespace pbem;
using namespace pbem::server;

namespace {

constexpr const char* kPassword = "benchpass";
const std::vector<std::string> kTypes = {"hy3", "gates", "gaia"};

struct BuildOptions {
  std::string config;
  std::int64_t users = 10000, finished = 39000, running = 10000, bot_games = 1000, moves = 1000000;
  std::int64_t history_moves = -1;  // the finished games' plies; -1: what --moves leaves them
  double running_plies = 10;
  std::uint64_t seed = 1;
  int probes = 40;
  std::string manifest;
};

BuildOptions parse(int argc, char** argv) {
  BuildOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--config") o.config = value();
    else if (a == "--users") o.users = std::stoll(value());
    else if (a == "--finished") o.finished = std::stoll(value());
    else if (a == "--running") o.running = std::stoll(value());
    else if (a == "--bot-games") o.bot_games = std::stoll(value());
    else if (a == "--moves") o.moves = std::stoll(value());
    else if (a == "--history-moves") o.history_moves = std::stoll(value());
    else if (a == "--running-plies") o.running_plies = std::stod(value());
    else if (a == "--seed") o.seed = std::stoull(value());
    else if (a == "--probes") o.probes = std::stoi(value());
    else if (a == "--manifest") o.manifest = value();
    else throw std::invalid_argument("unknown argument " + a);
  }
  if (o.config.empty()) throw std::invalid_argument("--config FILE is required");
  if (o.users < 2) throw std::invalid_argument("--users must be at least 2");
  return o;
}

std::string userid_of(std::int64_t n) {
  char text[32];
  std::snprintf(text, sizeof text, "u%06lld", static_cast<long long>(n));
  return text;
}

// A random legal ply that does not end the game, played on `game`; nullopt (game
// unchanged) when every ply tried ends it.
std::optional<std::string> play_non_ending(Game& game, std::mt19937_64& rng) {
  auto legal = game.legal_plies();
  std::shuffle(legal.begin(), legal.end(), rng);
  for (std::size_t i = 0; i < legal.size() && i < 16; ++i) {
    auto trial = game.clone();
    if (!trial->play(legal[i]).ok || trial->over()) continue;
    game.play(legal[i]);
    return legal[i];
  }
  return std::nullopt;
}

// A legal ply for the player to move that leaves the game running (for the manifest).
std::optional<std::string> probe_ply(const Game& game, std::mt19937_64& rng) {
  auto copy = game.clone();
  return play_non_ending(*copy, rng);
}

struct Builder {
  const BuildOptions& o;
  const Config& config;
  Database& db;
  std::mt19937_64 rng;
  // The running games draw from their own stream: two databases with the same users and
  // running games get the same running games (types, players, plies), whatever their past.
  std::mt19937_64 present_rng;
  std::string hash;
  std::vector<std::int64_t> user_ids;  // index n-1 holds u<n>
  std::int64_t bot_id = 0;
  std::int64_t moves_stored = 0;
  nlohmann::json manifest = nlohmann::json::object();
  std::chrono::system_clock::time_point now = std::chrono::system_clock::now();

  Builder(const BuildOptions& options, const Config& cfg, Database& database)
      : o(options), config(cfg), db(database), rng(options.seed), present_rng(options.seed * 7919 + 17) {}

  std::int64_t pick_user(std::mt19937_64& from) {
    return user_ids[std::uniform_int_distribution<std::size_t>(0, user_ids.size() - 1)(from)];
  }

  void users() {
    hash = hash_password(kPassword);
    AddressConfirmations confirmations(db, config.limits);
    for (std::int64_t n = 1; n <= o.users;) {
      Transaction transaction(db);
      for (int k = 0; k < 2000 && n <= o.users; ++k, ++n) {
        const std::string userid = userid_of(n);
        const std::string address = userid + "@players.example";
        // Accounts::create would hash the password again (Argon2id, 0.1 s): the one row
        // written here directly, with the hash made once above. Everything else through
        // the storage classes.
        db.prepare("INSERT INTO users (userid, password_hash, active, created_at) VALUES (?, ?, 1, ?)")
            .bind_all(userid, hash, now_iso8601())
            .run();
        Account account{db.last_insert_id(), userid, true, {}, {}};
        Accounts(db).set_addresses(account, {address});
        const auto code = confirmations.issue(account.id, address);
        if (!code || !confirmations.confirm(account.id, *code)) throw std::runtime_error("cannot confirm " + address);
        user_ids.push_back(account.id);
      }
      transaction.commit();
    }
    Transaction transaction(db);
    auto bot = Accounts(db).ensure_computer(config.bot.userid);
    if (!bot) throw std::runtime_error("the bot's userid is taken");
    bot_id = bot->id;
    ServerSecrets(db).key(ServerSecrets::kGameAddress);
    transaction.commit();
  }

  // Stores `ply` (legal in `game`, not yet played) and plays it on `game`.
  GameRecord store(GameRecords& records, const GameRecord& record, Game& game, const std::string& ply) {
    const int colour = game.to_move();
    const std::int64_t user = user_id_of_colour(record, game, colour);
    PlyResult result = ply == "resign" ? game.resign(colour) : game.play(ply);
    if (!result.ok) throw std::runtime_error("engine refused " + ply + ": " + result.error);
    ++moves_stored;
    return records.append(record, result.move, colour, user, game);
  }

  GameRecord create(GameRecords& records, const std::string& type, std::int64_t p0, std::int64_t p1, bool rated) {
    auto game = create_game(type, {});
    return records.create(type, game->options_text(), p0, p1, config.server.domain(), rated,
                          config.clock.days_per_move);
  }

  // A running game: `plies` random plies that leave it undecided, then the clock of the
  // player to move, started some time in the last days of its period.
  nlohmann::json running_game(GameRecords& records, std::int64_t p0, std::int64_t p1, int plies, bool human_to_move) {
    const std::string type = kTypes[present_rng() % kTypes.size()];
    GameRecord record = create(records, type, p0, p1, true);
    auto game = records.replay(record);
    for (int i = 0; i < plies; ++i) {
      auto next = game->clone();
      auto ply = play_non_ending(*next, present_rng);
      if (!ply) break;
      record = store(records, record, *game, *ply);
    }
    // Against the computer the human is to move: it moves at once when it is its turn.
    if (human_to_move && user_id_of_colour(record, *game, game->to_move()) == bot_id) {
      auto next = game->clone();
      if (auto ply = play_non_ending(*next, present_rng)) record = store(records, record, *game, *ply);
    }
    const std::int64_t to_move = user_id_of_colour(record, *game, game->to_move());
    const auto period_hours = 24 * std::max(1, config.clock.days_per_move);
    // Started between 0 and (period - notice - 1 h) ago: no reminder or loss is due yet.
    const auto latest = std::max(1, period_hours - config.clock.remind_before_hours - 1);
    const auto started = now - std::chrono::hours(std::uniform_int_distribution<int>(0, latest)(present_rng));
    records.set_turn_clock(record, turn_clock(db, config.clock, record, to_move, started));
    nlohmann::json probe;
    if (auto ply = probe_ply(*game, present_rng)) {
      const auto account = Accounts(db).find_by_id(to_move);
      probe = {{"game", record.id},       {"type", type},
               {"userid", account->userid}, {"address", account->addresses.at(0)},
               {"ply", *ply},             {"ply_no", record.plies + 1},
               {"plies", record.plies}};
    }
    return probe;
  }

  void finished_game(GameRecords& records, Ratings& ratings, std::int64_t target) {
    const std::string type = kTypes[rng() % kTypes.size()];
    std::int64_t p0 = pick_user(rng), p1 = pick_user(rng);
    while (p1 == p0) p1 = pick_user(rng);
    const bool rated = rng() % 20 != 0;  // 5% -unrated
    GameRecord record = create(records, type, p0, p1, rated);
    auto game = records.replay(record);
    while (!game->over() && record.plies < target) {
      auto legal = game->legal_plies();
      record = store(records, record, *game, legal[rng() % legal.size()]);
    }
    if (!game->over()) {
      if (rng() % 20 == 0 && record.plies > 0)  // 5%: the player to move let the deadline pass
        record = records.lose_on_time(record, other(game->to_move()));
      else
        record = store(records, record, *game, "resign");
    }
    if (const auto rated = rated_result(record)) ratings.apply_result(*rated);  // as the transaction ending a game does
  }

  void games() {
    GameRecords records(db);
    Ratings ratings(db);
    // Finished games first (a server's history), then the running ones (its present).
    std::int64_t running_moves_estimate =
        static_cast<std::int64_t>(o.running_plies * static_cast<double>(o.running + o.bot_games));
    std::int64_t left = o.history_moves >= 0 ? o.history_moves
                                             : std::max<std::int64_t>(0, o.moves - running_moves_estimate);
    std::vector<std::int64_t> history_games;
    for (std::int64_t g = 0; g < o.finished;) {
      Transaction transaction(db);
      for (int k = 0; k < 500 && g < o.finished; ++k, ++g) {
        const std::int64_t share = left / (o.finished - g);
        const std::int64_t target =
            std::max<std::int64_t>(1, std::uniform_int_distribution<std::int64_t>(share / 2, share + share / 2)(rng));
        const std::int64_t before = moves_stored;
        finished_game(records, ratings, target);
        left -= moves_stored - before;
      }
      transaction.commit();
    }
    // Running games, human against human and human against the computer, mixed.
    std::vector<bool> against_bot(static_cast<std::size_t>(o.running), false);
    against_bot.resize(static_cast<std::size_t>(o.running + o.bot_games), true);
    std::shuffle(against_bot.begin(), against_bot.end(), present_rng);
    // Each human plays the computer in at most bot.games_per_user games: their turns.
    std::vector<std::int64_t> bot_players;
    for (std::size_t i = 0; i < user_ids.size(); ++i) bot_players.push_back(user_ids[i]);
    std::shuffle(bot_players.begin(), bot_players.end(), present_rng);
    std::size_t next_bot_player = 0;
    const double plies_max = 2 * o.running_plies;
    std::vector<nlohmann::json> running_probes, bot_probes;
    const std::size_t total = against_bot.size();
    // Every so many games of each kind is a candidate probe, so that a present with few
    // games against the computer (bench/scale.py's "10 of them") still has its probes.
    const auto every_of = [&](std::size_t games) {
      return std::max<std::size_t>(1, games / static_cast<std::size_t>(std::max(1, 4 * o.probes)));
    };
    const std::size_t every_bot = every_of(static_cast<std::size_t>(o.bot_games));
    const std::size_t every_running = every_of(static_cast<std::size_t>(o.running));
    std::size_t bot_seen = 0, running_seen = 0;
    for (std::size_t i = 0; i < total;) {
      Transaction transaction(db);
      for (int k = 0; k < 500 && i < total; ++k, ++i) {
        const int plies =
            plies_max <= 0 ? 0 : static_cast<int>(std::uniform_real_distribution<double>(0, plies_max)(present_rng) + 0.5);
        nlohmann::json probe;
        if (against_bot[i]) {
          const std::int64_t human = bot_players[next_bot_player++ % bot_players.size()];
          // The human challenged and moves first unless the computer has moved since.
          const bool bot_first = plies > 0 && present_rng() % 2 == 0;
          probe = running_game(records, bot_first ? bot_id : human, bot_first ? human : bot_id, plies, true);
          if (bot_seen++ % every_bot == 0 && !probe.is_null()) bot_probes.push_back(probe);
        } else {
          std::int64_t p0 = pick_user(present_rng), p1 = pick_user(present_rng);
          while (p1 == p0) p1 = pick_user(present_rng);
          probe = running_game(records, p0, p1, plies, false);
          if (running_seen++ % every_running == 0 && !probe.is_null()) running_probes.push_back(probe);
        }
      }
      transaction.commit();
    }
    // Probes spread over the running games, at most --probes of each kind; a user moves in
    // at most one of them (each of their first moves costs the same Argon2id check).
    auto pick = [&](std::vector<nlohmann::json>& from) {
      nlohmann::json out = nlohmann::json::array();
      std::vector<std::string> seen;
      const std::size_t step = std::max<std::size_t>(1, from.size() / static_cast<std::size_t>(std::max(1, o.probes)));
      for (std::size_t i = 0; i < from.size() && out.size() < static_cast<std::size_t>(o.probes); i += step) {
        const std::string userid = from[i]["userid"];
        if (std::find(seen.begin(), seen.end(), userid) != seen.end()) continue;
        seen.push_back(userid);
        out.push_back(from[i]);
      }
      return out;
    };
    manifest["moves"] = pick(running_probes);
    manifest["bot_moves"] = pick(bot_probes);
  }

  void describe() {
    // Rated players per game type, and finished games of about the mean length for history.
    Ratings ratings(db);
    nlohmann::json rated = nlohmann::json::object();
    for (const std::string& type : kTypes) {
      nlohmann::json names = nlohmann::json::array();
      for (const PlayerRating& r : ratings.standings(type)) {
        if (names.size() >= static_cast<std::size_t>(o.probes)) break;
        if (r.userid != config.bot.userid) names.push_back(r.userid);
      }
      rated[type] = names;
    }
    manifest["rated"] = rated;
    GameRecords records(db);
    nlohmann::json history = nlohmann::json::array();
    for (std::int64_t id = 1; history.size() < static_cast<std::size_t>(o.probes); ++id) {
      auto record = records.find(id);
      if (!record) break;
      if (!record->active && record->plies >= 10 && record->plies <= 40)
        history.push_back({{"game", record->id}, {"type", record->type}, {"plies", record->plies}});
    }
    manifest["history"] = history;
    manifest["password"] = kPassword;
    manifest["users"] = o.users;
    manifest["finished"] = o.finished;
    manifest["running"] = o.running;
    manifest["bot_games"] = o.bot_games;
    manifest["moves_stored"] = moves_stored;
    manifest["bot_userid"] = config.bot.userid;
  }
};

}  // namespace

int main(int argc, char** argv) {
  try {
    const BuildOptions options = parse(argc, argv);
    const Config config = load_config(std::filesystem::path(options.config));
    Database db(config.database);
    migrate(db);
    {
      auto count = db.prepare("SELECT count(*) FROM users");
      if (count.step() && count.column_int(0) != 0) throw std::runtime_error("the database already has users");
    }
    const auto started = std::chrono::steady_clock::now();
    Builder builder(options, config, db);
    builder.users();
    const auto users_done = std::chrono::steady_clock::now();
    builder.games();
    builder.describe();
    const auto done = std::chrono::steady_clock::now();
    auto seconds = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    builder.manifest["build_seconds"] = seconds(started, done);
    std::cerr << "scale_build: " << options.users << " users (" << seconds(started, users_done) << " s), "
              << options.finished << " finished + " << options.running << " running + " << options.bot_games
              << " against the computer, " << builder.moves_stored << " moves (" << seconds(users_done, done)
              << " s)\n";
    if (!options.manifest.empty()) std::ofstream(options.manifest) << builder.manifest.dump(1) << "\n";
    else std::cout << builder.manifest.dump(1) << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "scale_build: " << e.what() << "\n";
    return 1;
  }
}
