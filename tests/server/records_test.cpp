// A game's records (server/records/): the JSON record and the SGF record of games played
// through the service, field by field as server.md "Game records" pins them, and the
// escaping of SGF values. tests/integration/test_records.py parses the mailed files back
// and replays them through `pbem replay`.
#include <catch2/catch.hpp>

#include <string>

#include "server/competition/registry.h"
#include "server/records/json_record.h"
#include "server/records/record_files.h"
#include "server/records/sgf_record.h"
#include "server/storage/game_records.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

// The record of game `number` as its public record reads it.
struct Players : pbem::test::TwoPlayers {
  RecordSource source(std::int64_t number) {
    return record_source(db, competitions(), *GameRecords(db).find(number), config.server.address);
  }
};

}  // namespace

TEST_CASE("a resigned HY 3 game's JSON record names everything pinned, in move order", "[records]") {
  Players f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3 -days=5");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  f.deliver("bob@example.net", "hy3 move 1 bob pw-bob a1");
  f.deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  const auto json = json_record(f.source(1));
  CHECK(json["format"] == "pbem-record/1");
  CHECK(json["game"] == "hy3");
  CHECK(json["options"] == "-size=3");  // the game's own options: no -days
  CHECK(json["number"] == 1);
  CHECK(json["server"] == f.config.server.address);
  CHECK(json["rated"] == true);
  CHECK(json["clock"] == "-days=5");
  REQUIRE(json["players"].size() == 2);
  CHECK(json["players"][0] == nlohmann::ordered_json{{"userid", "alice"}, {"colour", "red"}});
  CHECK(json["players"][1]["userid"] == "bob");
  CHECK(json["ended"].is_string());
  CHECK(json["result"] == nlohmann::ordered_json{{"winner", "alice"}, {"reason", "resign"}});
  // Board plies only: the resignation is the result.
  REQUIRE(json["plies"].size() == 2);
  CHECK(json["plies"][0]["ply"] == 1);
  CHECK(json["plies"][0]["move"] == "c1");
  CHECK(json["plies"][0]["player"] == "alice");
  CHECK(json["plies"][1]["player"] == "bob");
  CHECK(json["notes"] == nlohmann::ordered_json::array());
  CHECK(json["fork_of"].is_null());
  CHECK(json["competition"].is_null());
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{"format", "game", "options", "number", "server", "rated", "clock", "players",
                                         "started", "ended", "result", "plies", "notes", "fork_of", "competition"});
  const std::string sgf = sgf_record(f.source(1));
  CHECK(sgf.starts_with("(;FF[4]CA[UTF-8]AP[pbem]EV[hy3 -size=3]GN[HY 3 #1]PB[alice]PW[bob]DT["));
  CHECK(sgf.find("RE[B+R]") != std::string::npos);
  CHECK(sgf.ends_with("\n;B[c1]\n;W[a1])\n"));
  CHECK(sgf.find("GM[") == std::string::npos);
}

TEST_CASE("a running game's record has no end, no result and no RE", "[records]") {
  Players f;
  f.deliver("alice@example.org", "gates challenge alice bob -size=2 -unrated");
  f.deliver("alice@example.org", "gates move 1 alice pw-alice a:c2");
  f.deliver("bob@example.net", "gates swap 1 bob pw-bob");
  const auto json = json_record(f.source(1));
  CHECK(json["ended"].is_null());
  CHECK(json["result"].is_null());
  CHECK(json["rated"] == false);
  // The swap is a ply, and after it alice, who moved first, holds the second colour.
  REQUIRE(json["plies"].size() == 2);
  CHECK(json["plies"][1]["move"] == "swap");
  CHECK(json["plies"][1]["player"] == "bob");
  CHECK(json["players"][0]["userid"] == "alice");
  CHECK(json["players"][0]["colour"] != json["players"][1]["colour"]);
  const std::string sgf = sgf_record(f.source(1));
  CHECK(sgf.find("RE[") == std::string::npos);
  CHECK(sgf.ends_with("\n;B[a:c2]\n;W[swap])\n"));
  const auto files = record_files(f.source(1));
  REQUIRE(files.size() == 2);
  CHECK(files[0].filename == "gates-1.sgf");
  CHECK(files[0].content_type == "application/x-go-sgf; charset=UTF-8");
  CHECK(files[1].filename == "gates-1.json");
  CHECK(files[1].content_type == "application/json");
  CHECK(nlohmann::json::parse(files[1].data)["number"] == 1);
}

TEST_CASE("an abort is Void in SGF and an abort without a winner in JSON", "[records]") {
  Players f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 abort 1 alice pw-alice");
  const RecordSource source = f.source(1);
  CHECK(sgf_result(source) == "Void");
  CHECK(json_record(source)["result"] == nlohmann::ordered_json{{"winner", nullptr}, {"reason", "abort"}});
}

TEST_CASE("SGF values escape ] and \\ and nothing else; notes go on the node after their ply", "[records]") {
  CHECK(sgf_escaped("a]b\\c[d") == "a\\]b\\\\c[d");
  CHECK(sgf_escaped("") == "");
  Players f;
  f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
  f.deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  RecordSource source = f.source(1);
  source.notes = {{0, "alice", false, "before [1] \\ all"}, {1, "alice", true, "after c1]"}};
  const std::string sgf = sgf_record(source);
  CHECK(sgf.find("C[alice: before [1\\] \\\\ all]\n;B[c1]C[alice: after c1\\]])") != std::string::npos);
  const auto json = json_record(source);
  CHECK(json["notes"][1] == nlohmann::ordered_json{{"ply", 1}, {"player", "alice"}, {"sealed", true}, {"text", "after c1]"}});
}

TEST_CASE("all records mails a page of a user's finished games and the since that fetches the rest", "[records]") {
  Players f;
  f.config.limits.records_per_mail = 2;
  for (int game = 1; game <= 3; ++game) {
    f.deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    f.deliver("bob@example.net", "hy3 resign " + std::to_string(game) + " bob pw-bob");
  }
  f.deliver("alice@example.org", "gates challenge alice bob");  // #4 runs: no record here
  // A minute apart, as games end in play (since's step is a second).
  for (int game = 1; game <= 3; ++game)
    f.db.prepare("UPDATE games SET ended_at = ? WHERE id = ?")
        .bind_all(std::string("2027-01-0") + std::to_string(game) + "T10:00:00Z", game)
        .run();
  const auto last_to_alice = [&] {
    std::string last;
    for (const QueuedMail& mail : Outbox(f.db).queued())
      if (mail.recipient == "alice@example.org") last = mail.data;
    return last;
  };
  f.deliver("alice@example.org", "all records alice");
  std::string mail = last_to_alice();
  CHECK(mail.find("Subject: Records of alice") != std::string::npos);
  CHECK(mail.find("The records of 2 finished games of alice") != std::string::npos);
  CHECK(mail.find("alice-records.sgf") != std::string::npos);
  CHECK(mail.find("alice-records.json") != std::string::npos);
  const std::string ended = *GameRecords(f.db).find(3)->ended_at;
  CHECK(mail.find("1 more did not fit in this mail. For them, send:\r\n    all records alice since " + ended) !=
        std::string::npos);
  f.deliver("alice@example.org", "all records alice since " + ended);
  CHECK(last_to_alice().find("The records of 1 finished games of alice") != std::string::npos);
  f.deliver("alice@example.org", "all records alice gates");
  CHECK(last_to_alice().find("alice has no finished games here that match.") != std::string::npos);
  f.deliver("alice@example.org", "all records alice hy3 since 2999-01-01");
  CHECK(last_to_alice().find("alice has no finished games here that match.") != std::string::npos);
  f.deliver("alice@example.org", "all records alice chess");
  CHECK(last_to_alice().find("'chess' is not a game here") != std::string::npos);
  f.deliver("alice@example.org", "all records alice since 31.1.2027");
  CHECK(last_to_alice().find("since takes a date written YYYY-MM-DD") != std::string::npos);
}
