// Two players and a unit of work with the server's reactions, for calling an act of play/
// directly with no channel (ply_act_test.cpp, proposal_act_test.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <variant>

#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/play/unit_of_work.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "service_fixture.h"

namespace pbem::test {

struct ActFixture : TwoPlayers {
  server::Outcome out;
  server::UnitOfWork work{db, config, server::ply_reactions(), server::competitions(), out};
  std::int64_t id_of(const std::string& userid) { return server::Accounts(db).find(userid)->id; }
  server::GameRecord game(int number) { return *server::GameRecords(db).find(number); }
};

// The refusal in `result`, an act's variant of outcomes one of which is `Refusal`: it must
// be there, and of kind `Kind` (a copy: results are temporaries).
template <typename Refusal, typename Kind, typename... Outcomes>
Kind refusal_of_kind(const std::variant<Outcomes...>& result) {
  REQUIRE(std::holds_alternative<Refusal>(result));
  const Refusal& why = std::get<Refusal>(result);
  REQUIRE(std::holds_alternative<Kind>(why));
  return std::get<Kind>(why);
}

}  // namespace pbem::test
