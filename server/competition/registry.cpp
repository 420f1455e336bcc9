#include "server/competition/registry.h"

#include "server/competition/ladder_play.h"
#include "server/competition/league_play.h"
#include "server/competition/tournament_play.h"
#include "server/storage/ladders.h"
#include "server/storage/leagues.h"
#include "server/storage/tournaments.h"

namespace pbem::server {

namespace {

class TournamentKind final : public CompetitionKind {
 public:
  std::string kind() const override { return "tournament"; }
  std::optional<CompetitionOfGame> of_game(Database& db, std::int64_t game_id) const override {
    const auto of = Tournaments(db).of_game(game_id);
    if (!of) return std::nullopt;
    CompetitionOfGame found(kind(), of->id, of->name);
    found.round = of->round;
    return found;
  }
  void on_ply_end(UnitOfWork& work, PlyEnd& end, const Game* position) const override {
    score_tournament_game(work, end, position);
  }
  // Entering a tournament is agreeing to games not yet made: those entries go. A
  // tournament under way keeps its player, who may finish their games or `leave`.
  std::vector<LeftCompetition> on_signoff(UnitOfWork& work, const Account& account) const override {
    const int entries = Tournaments(work.db).remove_from_open(account.id);
    return std::vector<LeftCompetition>(static_cast<std::size_t>(entries),
                                        LeftCompetition(kind(), 0, "", LeftCompetition::How::Entry));
  }
};

class LeagueKind final : public CompetitionKind {
 public:
  std::string kind() const override { return kLeagueKind; }
  std::optional<CompetitionOfGame> of_game(Database& db, std::int64_t game_id) const override {
    const auto of = Leagues(db).of_game(game_id);
    if (!of) return std::nullopt;
    CompetitionOfGame found(kind(), of->id, of->name);
    found.season = of->season;
    found.division = of->division;
    return found;
  }
  void on_ply_end(UnitOfWork& work, PlyEnd& end, const Game* position) const override {
    score_league_game(work, end, position);
  }
  // A league would start its next season with them and their games would be lost on
  // time: they leave each league as `leave` would, now or after the season they play in.
  std::vector<LeftCompetition> on_signoff(UnitOfWork& work, const Account& account) const override {
    std::vector<LeftCompetition> left;
    for (const auto& [l, leaving] : Leagues(work.db).of_member(account.id)) {
      const bool after_season = leaving || take_out_of_league(work.db, l, account.id) == LeagueLeaving::AfterSeason;
      left.emplace_back(kind(), l.id, l.name,
                        after_season ? LeftCompetition::How::AfterSeason : LeftCompetition::How::Now, l.season);
    }
    return left;
  }
};

class LadderKind final : public CompetitionKind {
 public:
  std::string kind() const override { return "ladder"; }
  std::optional<CompetitionOfGame> of_game(Database& db, std::int64_t game_id) const override {
    const auto of = Ladders(db).of_game(game_id);
    if (!of) return std::nullopt;
    return CompetitionOfGame(kind(), of->id, of->name);  // no stage
  }
  void on_ply_end(UnitOfWork& work, PlyEnd& end, const Game* position) const override {
    settle_climb(work, end, position);
  }
  // A signed-off player cannot be climbed (climb refuses them), so on a ladder they would
  // hold their rung, and block the ones above it, for ever: they leave it as `leave`
  // would, but the ladder games under way go on like their other games.
  std::vector<LeftCompetition> on_signoff(UnitOfWork& work, const Account& account) const override {
    std::vector<LeftCompetition> left;
    for (const LadderRecord& l : take_off_ladders(work.db, account.id))
      left.emplace_back(kind(), l.id, l.name);
    return left;
  }
};

}  // namespace

const Competitions& competitions() {
  static const Competitions registered = [] {
    Competitions list;
    list.add(std::make_unique<TournamentKind>());
    list.add(std::make_unique<LeagueKind>());
    list.add(std::make_unique<LadderKind>());
    return list;
  }();
  return registered;
}

}  // namespace pbem::server
