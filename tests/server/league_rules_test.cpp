// League rules (server/tournament/league_rules.h): the first season's placement and the
// season transition, as properties over every group size 4..12 and every -up and -down, and
// by hand for leavers, entrants and a remainder division (the expected divisions in the
// comments).
#include "server/tournament/league_rules.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <set>
#include <vector>

using namespace pbem::server::tournament;

namespace {

// Players 1..count, rated from 2000 down (player 1 the highest), entered in that order.
std::vector<LeagueEntrant> entrants(int count, int first = 1) {
  std::vector<LeagueEntrant> list;
  for (int i = first; i < first + count; ++i) list.push_back({i, 2000.0 - i, i});
  return list;
}

std::vector<int> sizes_of(const Divisions& divisions) {
  std::vector<int> sizes;
  for (const auto& division : divisions) sizes.push_back(static_cast<int>(division.size()));
  return sizes;
}

// The division (1-based) of `id` in `divisions`, 0 when absent.
int division_of(const Divisions& divisions, std::int64_t id) {
  for (std::size_t d = 0; d < divisions.size(); ++d)
    if (std::count(divisions[d].begin(), divisions[d].end(), id)) return static_cast<int>(d) + 1;
  return 0;
}

const PlayerMove& move_of(const SeasonTransition& next, std::int64_t id) {
  const auto found =
      std::find_if(next.moves.begin(), next.moves.end(), [id](const PlayerMove& m) { return m.user_id == id; });
  REQUIRE(found != next.moves.end());
  return *found;
}

}  // namespace

TEST_CASE("division sizes: groups top down, a remainder of 3 or more its own, less joins the one above", "[league]") {
  CHECK(division_sizes(11, 8) == std::vector<int>{8, 3});
  CHECK(division_sizes(10, 8) == std::vector<int>{10});
  CHECK(division_sizes(16, 8) == std::vector<int>{8, 8});
  CHECK(division_sizes(4, 8) == std::vector<int>{4});
  CHECK(division_sizes(9, 4) == std::vector<int>{4, 5});
  CHECK(division_sizes(15, 4) == std::vector<int>{4, 4, 4, 3});
  CHECK(division_sizes(0, 8).empty());
  for (int group = 4; group <= 12; ++group) {
    for (int players = 4; players <= 5 * group; ++players) {
      const std::vector<int> sizes = division_sizes(players, group);
      INFO("group " << group << ", players " << players);
      CHECK(std::accumulate(sizes.begin(), sizes.end(), 0) == players);
      for (std::size_t d = 0; d + 1 < sizes.size(); ++d) CHECK(sizes[d] == group);
      CHECK(sizes.back() >= 3);
      CHECK(sizes.back() <= group + 2);
    }
  }
}

TEST_CASE("the first season places by rating, then order of entry", "[league]") {
  std::vector<LeagueEntrant> list = entrants(11);
  std::reverse(list.begin(), list.end());  // the order given does not matter
  list[0].rating = list[1].rating;         // 11 and 10 level: 10 entered first
  const Divisions divisions = first_season({8, 2, 2}, list);
  CHECK(divisions == Divisions{{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11}});
  std::vector<LeagueEntrant> level{{5, 1500, 2}, {6, 1500, 1}, {7, 1600, 3}, {8, 1500, 4}};
  CHECK(first_season({4, 1, 1}, level) == Divisions{{7, 6, 5, 8}});
}

TEST_CASE("every group 4..12, every -up and -down: the moves, nobody leaving or entering", "[league]") {
  for (int group = 4; group <= 12; ++group) {
    for (int up = 1; up <= group / 2; ++up) {
      for (int down = 1; down <= group / 2; ++down) {
        // Three full divisions and a remainder division (at least 3, and as many as the
        // moves take out of it or send into it), then two divisions where the remainder (2)
        // joined the last: both shapes a league takes.
        for (const int players : {3 * group + std::max({up, down, 3}), 2 * group + 2}) {
          INFO("group " << group << ", up " << up << ", down " << down << ", players " << players);
          const LeagueSettings settings{group, up, down};
          const Divisions tables = first_season(settings, entrants(players));
          const SeasonTransition next = next_season(settings, tables, {}, {});
          // The sizes stay: divisions are refilled to -group.
          CHECK(sizes_of(next.divisions) == sizes_of(tables));
          CHECK(next.moves.size() == static_cast<std::size_t>(players));
          for (std::size_t d = 0; d < tables.size(); ++d) {
            const int size = static_cast<int>(tables[d].size());
            const int division = static_cast<int>(d) + 1;
            const bool first = d == 0, last = d + 1 == tables.size();
            for (int place = 0; place < size; ++place) {
              const std::int64_t id = tables[d][static_cast<std::size_t>(place)];
              const int by_rule = !first && place < up ? division - 1
                                  : !last && place >= size - down ? division + 1
                                                                  : division;
              const int now = division_of(next.divisions, id);
              const PlayerMove& move = move_of(next, id);
              CHECK(move.from == division);
              CHECK(move.to == now);
              CHECK(move.move == (now < division ? LeagueMove::Up : now > division ? LeagueMove::Down : LeagueMove::Stayed));
              if (up == down || by_rule != division) {
                // Every move the rules make stands; with -up and -down equal, nobody else moves.
                CHECK(now == by_rule);
              } else {
                // The refill: with more going down than up, the best stayers below fill the
                // holes; with more up than down, the worst stayers make room. One division.
                CHECK(std::abs(now - division) <= 1);
                if (now < division) CHECK(up < down);
                if (now > division) CHECK(up > down);
              }
            }
          }
          // The numbers that cross each boundary: the larger of -up and -down between full
          // divisions, both ways alike.
          for (std::size_t d = 0; d + 2 < tables.size(); ++d) {
            int crossed_down = 0;
            for (const std::int64_t id : tables[d]) crossed_down += division_of(next.divisions, id) > static_cast<int>(d) + 1;
            CHECK(crossed_down == std::max(up, down));
          }
        }
      }
    }
  }
}

TEST_CASE("a league of eleven, group 8, up 2, down 2: the worked example's two seasons", "[league]") {
  const LeagueSettings settings{8, 2, 2};
  // Season 1 placed by rating: 1..8 and 9..11.
  const Divisions season1 = first_season(settings, entrants(11));
  REQUIRE(season1 == Divisions{{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11}});
  // Final tables: division 1 as placed, division 2 won by 11, then 9, then 10.
  const SeasonTransition to2 = next_season(settings, {{1, 2, 3, 4, 5, 6, 7, 8}, {11, 9, 10}}, {}, {});
  // 7 and 8 go down, 11 and 9 come up; in division 1 the stayers first, then the risers.
  CHECK(to2.divisions == Divisions{{1, 2, 3, 4, 5, 6, 11, 9}, {7, 8, 10}});
  CHECK(move_of(to2, 11).move == LeagueMove::Up);
  CHECK(move_of(to2, 8).move == LeagueMove::Down);
  CHECK(move_of(to2, 10).move == LeagueMove::Stayed);
  // Season 2: 4 leaves, 12 and 13 enter (13 rated higher).
  const SeasonTransition to3 = next_season(settings, {{9, 1, 2, 4, 5, 6, 11, 3}, {10, 7, 8}}, {4},
                                           {{12, 1400, 12}, {13, 1450, 13}});
  // Down: 11 and 3; up: 10 and 7. Division 1 then has 7: the hole takes the best who was
  // staying in division 2, 8. Division 2: 11, 3, then the entrants by rating.
  CHECK(to3.divisions == Divisions{{9, 1, 2, 5, 6, 10, 7, 8}, {11, 3, 13, 12}});
  CHECK(move_of(to3, 8).move == LeagueMove::Up);
  CHECK(move_of(to3, 11).move == LeagueMove::Down);
  CHECK(move_of(to3, 4) == PlayerMove{4, 1, 0, LeagueMove::Left});
  // Had 3 left (going down anyway), without entrants: 11 and 8 are too few for a division
  // and join the one above, which then has ten.
  const SeasonTransition other = next_season(settings, {{9, 1, 2, 4, 5, 6, 11, 3}, {10, 7, 8}}, {3}, {});
  CHECK(other.divisions == Divisions{{9, 1, 2, 4, 5, 6, 11, 10, 7, 8}});
  CHECK(move_of(other, 11).move == LeagueMove::Stayed);
  CHECK(move_of(other, 8).move == LeagueMove::Up);
  CHECK(move_of(to3, 13) == PlayerMove{13, 0, 2, LeagueMove::New});
  CHECK(move_of(to3, 10).move == LeagueMove::Up);
}

TEST_CASE("leavers: holes are refilled top down from the division below", "[league]") {
  const LeagueSettings settings{4, 1, 1};
  const Divisions tables{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  // Without leavers: 4 <-> 5, 8 <-> 9.
  CHECK(next_season(settings, tables, {}, {}).divisions == Divisions{{1, 2, 3, 5}, {4, 6, 7, 9}, {8, 10, 11, 12}});
  // 1 and 2 leave: ten players, so divisions of 4 and 6. Division 1 keeps 3 and gets 5 (up
  // by the rules), and its two holes take the best who were staying in division 2, 6 and 7.
  // Division 2 keeps 4 (down by the rules) and 9 (up), and takes 10, 11, 12 (staying in
  // division 3, which is no more) and 8 (down by the rules).
  const SeasonTransition next = next_season(settings, tables, {1, 2}, {});
  CHECK(next.divisions == Divisions{{3, 5, 6, 7}, {4, 8, 9, 10, 11, 12}});
  CHECK(move_of(next, 6).move == LeagueMove::Up);
  CHECK(move_of(next, 4).move == LeagueMove::Down);
  CHECK(move_of(next, 12).move == LeagueMove::Up);
  CHECK(move_of(next, 1).move == LeagueMove::Left);
  CHECK(move_of(next, 2).move == LeagueMove::Left);
  // A leaver in the last division: its remainder grows by nobody and shrinks.
  CHECK(next_season(settings, tables, {12}, {}).divisions == Divisions{{1, 2, 3, 5}, {4, 6, 7, 9}, {8, 10, 11}});
  // Every player leaves but two: one division of two (the caller decides whether it plays).
  CHECK(next_season(settings, tables, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {}).divisions == Divisions{{11, 12}});
}

TEST_CASE("entrants: the last division, a new one when they are three or more", "[league]") {
  const LeagueSettings settings{4, 2, 2};
  const Divisions tables{{1, 2, 3, 4}, {5, 6, 7, 8}};
  // Two entrants join the last division (a remainder of 2 joins the one above).
  CHECK(next_season(settings, tables, {}, entrants(2, 20)).divisions ==
        Divisions{{1, 2, 5, 6}, {3, 4, 7, 8, 20, 21}});
  // Three make a division of their own, the last, by rating.
  std::vector<LeagueEntrant> three{{30, 1400, 30}, {31, 1600, 31}, {32, 1500, 32}};
  const SeasonTransition next = next_season(settings, tables, {}, three);
  CHECK(next.divisions == Divisions{{1, 2, 5, 6}, {3, 4, 7, 8}, {31, 32, 30}});
  CHECK(move_of(next, 31) == PlayerMove{31, 0, 3, LeagueMove::New});
  // An entrant who is also leaving (joined, then left before the season) is not placed.
  CHECK(next_season(settings, tables, {20}, entrants(1, 20)).divisions == Divisions{{1, 2, 5, 6}, {3, 4, 7, 8}});
}

TEST_CASE("a remainder division: its top go up, nobody goes down out of it, and it is rebuilt", "[league]") {
  for (int group = 4; group <= 12; ++group) {
    const LeagueSettings settings{group, group / 2, group / 2};
    for (int remainder = 3; remainder < group; ++remainder) {
      INFO("group " << group << ", remainder " << remainder);
      const Divisions tables = first_season(settings, entrants(group + remainder));
      REQUIRE(sizes_of(tables) == std::vector<int>{group, remainder});
      const SeasonTransition next = next_season(settings, tables, {}, {});
      CHECK(sizes_of(next.divisions) == std::vector<int>{group, remainder});
      // min(up, remainder) of the remainder division rise; as many fall as the rules say.
      const int risers = std::min(settings.up, remainder);
      for (int place = 0; place < remainder; ++place)
        CHECK(division_of(next.divisions, tables[1][static_cast<std::size_t>(place)]) == (place < risers ? 1 : 2));
    }
  }
}
