// Ratings kept in the database (server/storage/ratings.*): real games on a migrated
// database, checked against Glicko-2 bookkeeping done independently here (a map of
// ratings, each game one period for both players from their ratings before it).
#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "tests/server/rated_games.h"
#include "server/ratings/glicko2.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/migrations.h"
#include "server/storage/ratings.h"
#include "temp_dir.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::TempDir;

namespace {

std::int64_t add_user(Database& db, const std::string& userid) {
  db.prepare("INSERT INTO users (userid, password_hash, created_at) VALUES (?, 'x', '2030-01-01T00:00:00Z')")
      .bind(1, userid)
      .run();
  return db.last_insert_id();
}

std::int64_t scalar(Database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  REQUIRE(query.step());
  return query.column_int(0);
}

struct Fixture {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  GameRecords records{db};
  Ratings ratings{db};
  std::map<std::string, std::int64_t> users;

  Fixture() {
    migrate(db);
    for (const char* name : {"alice", "bob", "carol"}) users[name] = add_user(db, name);
  }

  GameRecord challenge(const std::string& type, const std::string& first, const std::string& second,
                       bool rated = true) {
    auto game = pbem::create_game(type, {});
    return records.create(type, game->options_text(), users.at(first), users.at(second), "test.example", rated);
  }

  // Plays `plies` (placements or "swap") in turn, then `resigner` resigns; returns what
  // rating the game did, as the command that ends a game would.
  std::vector<RatingChange> play_out(const GameRecord& record, const std::vector<std::string>& plies,
                                     const std::string& resigner) {
    for (const std::string& ply : plies) {
      auto game = records.replay(record);
      const int colour = game->to_move();
      const auto holder = userids_by_colour(record, *game)[static_cast<std::size_t>(colour)];
      REQUIRE(game->play(ply).ok);
      records.append(record, ply, colour, users.at(holder), *game);
    }
    auto game = records.replay(record);
    const auto holders = userids_by_colour(record, *game);
    const int colour = holders[0] == resigner ? 0 : 1;
    REQUIRE(game->resign(colour).ok);
    records.append(record, "resign", colour, users.at(resigner), *game);
    return pbem::test::rate_stored_game(db, record.id);
  }
};

// The independent bookkeeping: ratings by (type, userid), and won-lost counts.
struct Expected {
  std::map<std::pair<std::string, std::string>, Rating> rating;
  std::map<std::pair<std::string, std::string>, std::array<int, 2>> won_lost;

  void game(const std::string& type, const std::string& winner, const std::string& loser) {
    const Rating w = rating[{type, winner}];  // a new player gets the default 1500/350/0.06
    const Rating l = rating[{type, loser}];
    const std::array<RatedGame, 1> won{{{l, 1}}};
    const std::array<RatedGame, 1> lost{{{w, 0}}};
    rating[{type, winner}] = glicko2_update(w, won);
    rating[{type, loser}] = glicko2_update(l, lost);
    ++won_lost[{type, winner}][0];
    ++won_lost[{type, loser}][1];
  }
};

void check_matches(Fixture& f, const Expected& expected) {
  for (const auto& [key, rating] : expected.rating) {
    INFO(key.second << " in " << key.first);
    auto kept = f.ratings.find(key.first, f.users.at(key.second));
    REQUIRE(kept);
    CHECK(kept->rating == rating);  // exactly: the same doubles
    CHECK(kept->wins == expected.won_lost.at(key)[0]);
    CHECK(kept->losses == expected.won_lost.at(key)[1]);
    CHECK(kept->games == kept->wins + kept->losses);
  }
}

}  // namespace

TEST_CASE("three players, several games: each game is one period for both players", "[ratings]") {
  Fixture f;
  Expected expected;
  // hy3: alice beats bob, bob beats carol, carol beats alice, alice beats carol.
  auto changes = f.play_out(f.challenge("hy3", "alice", "bob"), {"a1"}, "bob");
  expected.game("hy3", "alice", "bob");
  REQUIRE(changes.size() == 2);
  CHECK(changes[0].userid == "alice");
  CHECK(changes[0].before == Rating{});
  CHECK(changes[0].after == expected.rating[{"hy3", "alice"}]);
  CHECK(changes[1].userid == "bob");
  CHECK(changes[1].score == 0);
  f.play_out(f.challenge("hy3", "carol", "bob"), {}, "carol");
  expected.game("hy3", "bob", "carol");
  f.play_out(f.challenge("hy3", "alice", "carol"), {"a1", "b1"}, "alice");
  expected.game("hy3", "carol", "alice");
  f.play_out(f.challenge("hy3", "carol", "alice"), {"a1"}, "carol");
  expected.game("hy3", "alice", "carol");
  // gaia (swap on by default): bob takes over alice's first stone, so alice now holds the
  // second colour; her resignation is a win for bob, whichever colour that is.
  f.play_out(f.challenge("gaia", "alice", "bob"), {"a1", "swap"}, "alice");
  expected.game("gaia", "bob", "alice");
  check_matches(f, expected);

  // Standings: best first; only players rated in that game.
  auto hy3 = f.ratings.standings("hy3");
  REQUIRE(hy3.size() == 3);
  CHECK(hy3[0].rating.rating >= hy3[1].rating.rating);
  CHECK(hy3[1].rating.rating >= hy3[2].rating.rating);
  auto gaia = f.ratings.standings("gaia");
  REQUIRE(gaia.size() == 2);
  CHECK(gaia[0].userid == "bob");
  auto named = f.ratings.standings("gaia", {f.users["carol"], f.users["alice"], f.users["alice"]});
  REQUIRE(named.size() == 1);
  CHECK(named[0].userid == "alice");
  CHECK(f.ratings.standings("gates").empty());

  // The kept values are what a rebuild computes.
  const RatingsRebuild rebuild = f.ratings.rebuild(false, rated_result);
  CHECK(rebuild.games == 5);
  CHECK(rebuild.differences.empty());
}

TEST_CASE("unrated, aborted, unfinished and already rated games change nothing", "[ratings]") {
  Fixture f;
  CHECK(f.play_out(f.challenge("hy3", "alice", "bob", false), {"a1"}, "bob").empty());
  GameRecord aborted = f.challenge("hy3", "alice", "bob");
  f.records.abort(aborted, f.users["alice"]);
  CHECK(pbem::test::rate_stored_game(f.db, aborted.id).empty());
  GameRecord active = f.challenge("hy3", "alice", "bob");
  CHECK(pbem::test::rate_stored_game(f.db, active.id).empty());
  CHECK(pbem::test::rate_stored_game(f.db, 9999).empty());
  CHECK(scalar(f.db, "SELECT count(*) FROM ratings") == 0);

  GameRecord rated = f.challenge("hy3", "alice", "bob");
  CHECK(f.play_out(rated, {}, "alice").size() == 2);
  const auto kept = f.ratings.find("hy3", f.users["bob"]);
  CHECK(pbem::test::rate_stored_game(f.db, rated.id).empty());  // a second call must not count it twice
  CHECK(f.ratings.find("hy3", f.users["bob"])->rating == kept->rating);
  CHECK(f.ratings.find("hy3", f.users["bob"])->games == 1);
  CHECK(f.ratings.changes(rated.id).size() == 2);
  CHECK(f.ratings.rebuild(false, rated_result).differences.empty());
}

TEST_CASE("a finished game gets its end stamped in order, however it finished", "[ratings]") {
  Fixture f;
  GameRecord first = f.challenge("hy3", "alice", "bob");
  GameRecord second = f.challenge("hy3", "alice", "bob");
  GameRecord third = f.challenge("hy3", "alice", "bob");
  f.play_out(second, {}, "bob");
  f.records.abort(first, f.users["alice"]);
  f.play_out(third, {"a1"}, "alice");
  auto order = [&](const GameRecord& g) {
    return scalar(f.db, "SELECT end_order FROM games WHERE id = " + std::to_string(g.id));
  };
  CHECK(order(second) == 1);
  CHECK(order(first) == 2);
  CHECK(order(third) == 3);
  CHECK(scalar(f.db, "SELECT count(*) FROM games WHERE ended_at IS NULL") == 0);
}

TEST_CASE("a rebuild follows the order games ended in, not their numbers", "[ratings]") {
  Fixture f;
  Expected expected;
  GameRecord older = f.challenge("hy3", "alice", "bob");
  GameRecord newer = f.challenge("hy3", "bob", "alice");
  f.play_out(newer, {}, "bob");  // ends first
  expected.game("hy3", "alice", "bob");
  f.play_out(older, {}, "alice");
  expected.game("hy3", "bob", "alice");
  check_matches(f, expected);
  CHECK(f.ratings.rebuild(false, rated_result).differences.empty());
}

TEST_CASE("a rebuild reports kept values that differ, and can replace them", "[ratings]") {
  Fixture f;
  f.play_out(f.challenge("hy3", "alice", "bob"), {}, "bob");
  f.play_out(f.challenge("hy3", "carol", "bob"), {}, "carol");
  REQUIRE(f.ratings.rebuild(false, rated_result).differences.empty());
  // One bit off in one number is a difference; so is a game the kept values miss.
  f.db.exec("UPDATE ratings SET deviation = deviation * (1 + 1e-15) WHERE user_id = 1");
  f.db.exec("DELETE FROM rating_changes WHERE game_id = 2");
  const RatingsRebuild found = f.ratings.rebuild(false, rated_result);
  REQUIRE(found.differences.size() == 2);
  CHECK(found.differences[0] == "game 2: not rated in the kept values");
  CHECK(found.differences[1].starts_with("alice in hy3: kept "));
  CHECK(f.ratings.rebuild(true, rated_result).differences.size() == 2);
  CHECK(f.ratings.rebuild(false, rated_result).differences.empty());
}

TEST_CASE("games finished before ratings existed are stamped in order and rated by a rebuild", "[ratings]") {
  TempDir dir;
  Database db(dir.path() / "pbem.sqlite");
  const auto all = known_migrations();
  std::vector<Migration> before_ratings;
  for (const Migration& m : all)
    if (m.version < 5) before_ratings.push_back(m);
  migrate(db, before_ratings);
  const std::int64_t alice = add_user(db, "alice");
  const std::int64_t bob = add_user(db, "bob");
  // Two games won by resignation at the first ply; game 2 ended before game 1.
  for (auto [id, resigner, updated] : {std::tuple{1, bob, "2030-01-02T00:00:00Z"}, {2, alice, "2030-01-01T00:00:00Z"}}) {
    db.prepare(
          "INSERT INTO games (id, type, options, player0, player1, status, winner_colour, plies, thread_id, "
          "created_at, updated_at) VALUES (?, 'hy3', '-size=7', ?, ?, 'finished', ?, 1, 't', ?, ?)")
        .bind_all(id, alice, bob, resigner == bob ? 0 : 1, updated, updated)
        .run();
    db.prepare("INSERT INTO moves (game_id, ply, move, colour, user_id, created_at) VALUES (?, 1, 'resign', ?, ?, ?)")
        .bind_all(id, resigner == bob ? 1 : 0, resigner, updated)
        .run();
  }
  migrate(db);
  CHECK(scalar(db, "SELECT end_order FROM games WHERE id = 2") == 1);
  CHECK(scalar(db, "SELECT end_order FROM games WHERE id = 1") == 2);
  Ratings ratings(db);
  CHECK(ratings.rebuild(false, rated_result).differences.size() == 4);  // two games and two players unrated
  {
    Transaction transaction(db);
    CHECK(ratings.rebuild(true, rated_result).games == 2);
    transaction.commit();
  }
  CHECK(ratings.rebuild(false, rated_result).differences.empty());
  Expected expected;
  expected.game("hy3", "bob", "alice");    // game 2
  expected.game("hy3", "alice", "bob");    // game 1
  CHECK(ratings.find("hy3", alice)->rating == expected.rating[{"hy3", "alice"}]);
  CHECK(ratings.find("hy3", bob)->rating == expected.rating[{"hy3", "bob"}]);
}

TEST_CASE("a game's result and its ratings are stored together or not at all", "[ratings]") {
  Fixture f;
  GameRecord record = f.challenge("hy3", "alice", "bob");
  {
    Transaction transaction(f.db);
    CHECK(f.play_out(record, {}, "bob").size() == 2);
    // no commit: the process dies before the ending transaction completes
  }
  CHECK(f.records.find(record.id)->active);
  CHECK(scalar(f.db, "SELECT count(*) FROM ratings") == 0);
  CHECK(scalar(f.db, "SELECT count(*) FROM rating_changes") == 0);
}
