// The one interface every kind of competition answers through (issue 53): what a game's
// competition is, what happens at a game's end, whether its games may be aborted, what a
// player who never moved gets, what signoff does, and the data of its mails' heading. The
// kinds (tournaments, leagues, ladders: competition/) register in one list,
// competition/registry.cpp; everything that used to ask "tournament? league? ladder?" in
// turn loops over that list instead, so a new kind of competition is one registration.
// Plain data out, no words: mailing/competition_text.* words the heading, the refusals and
// what signoff left, keyed by kind.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/storage/accounts.h"
#include "server/storage/database.h"

namespace pbem {
class Game;
}

namespace pbem::server {

class UnitOfWork;
struct PlyEnd;

// The competition a game belongs to, for its mails' heading and the web: its kind (the
// key mailing/ words it by: "tournament", "league", "ladder"), number and name, and where
// in it the game is (a round; a season and a division), when the kind has one.
struct CompetitionOfGame {
  CompetitionOfGame(std::string kind_, std::int64_t id_, std::string name_)
      : kind(std::move(kind_)), id(id_), name(std::move(name_)) {}
  std::string kind;
  std::int64_t id = 0;
  std::string name;
  std::optional<int> round, season, division;
};

// What signoff took a player out of: an entry of a competition not yet started
// (`Entry`), a membership ended at once (`Now`) or at the end of the season under way
// (`AfterSeason`, with that season).
struct LeftCompetition {
  enum class How { Entry, Now, AfterSeason };
  LeftCompetition(std::string kind_, std::int64_t id_, std::string name_, How how_ = How::Now,
                  std::optional<int> season_ = std::nullopt)
      : kind(std::move(kind_)), id(id_), name(std::move(name_)), how(how_), season(season_) {}
  std::string kind;
  std::int64_t id = 0;
  std::string name;
  How how = How::Now;
  std::optional<int> season;
};

class CompetitionKind {
 public:
  virtual ~CompetitionKind() = default;
  // The kind's key ("tournament", ...).
  virtual std::string kind() const = 0;
  // The competition of game `game_id`, if it is one of this kind's.
  virtual std::optional<CompetitionOfGame> of_game(Database& db, std::int64_t game_id) const = 0;
  // Whether its games may be aborted, alone or by agreement (a result is owed to the
  // competition: none may today).
  virtual bool games_may_abort() const { return false; }
  // Whether a player who never moved in one of its games has it aborted when their time
  // runs out, as in a friendly game (true), or loses it on time (false: the competition
  // needs the result).
  virtual bool never_moved_aborts() const { return false; }
  // Its reaction to a stored ply or result (the ply reaction "<kind> results",
  // context/ply_reactions.cpp): a game's end scores it when the game is one of its own.
  virtual void on_ply_end(UnitOfWork& work, PlyEnd& end, const Game* position) const = 0;
  // What signoff does to `account` in competitions of this kind.
  virtual std::vector<LeftCompetition> on_signoff(UnitOfWork& work, const Account& account) const = 0;
};

class Competitions {
 public:
  // Adds a kind after those added before it: the order of their reactions and mails.
  void add(std::unique_ptr<CompetitionKind> kind);
  const std::vector<std::unique_ptr<CompetitionKind>>& kinds() const { return kinds_; }

  struct Found {
    const CompetitionKind& kind;
    CompetitionOfGame of;
  };
  // The competition game `game_id` belongs to (a game is of one at most), or nothing.
  std::optional<Found> of_game(Database& db, std::int64_t game_id) const;

 private:
  std::vector<std::unique_ptr<CompetitionKind>> kinds_;
};

}  // namespace pbem::server
