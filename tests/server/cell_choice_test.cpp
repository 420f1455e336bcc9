// "Two taps to move" in Gates (issue 56): a Gates board mail links each cell once (body
// "<cell>#<moveno>"); a reply to the game address that names a bare cell plays nothing and
// brings back the board after each legal tile at that cell, each with its own link
// "<r>:<cell>#<moveno>"; following one of those plays it.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "engine/registry.h"
#include "server/mailing/cell_choice_mail.h"
#include "server/addresses/mail_addresses.h"
#include "server/mailing/move_links.h"
#include "server/storage/game_records.h"
#include "mailto_fields.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

const std::string kAddress = "pbem+3-abcdefghijklmnopqrstu@example.org";

// The body of a mailto: URI, percent-decoded (RFC 6068).
std::string body_of(const std::string& uri) { return pbem::test::mailto_field(uri, "body"); }

std::set<std::string> cells_with_a_legal_tile(const pbem::Game& game) {
  std::set<std::string> cells;
  for (const std::string& ply : game.legal_plies())
    cells.insert(ply.find(':') == std::string::npos ? ply : ply.substr(ply.find(':') + 1));
  return cells;
}

std::vector<std::string> plies_at(const pbem::Game& game, const std::string& cell) {
  std::vector<std::string> plies;
  for (const std::string& ply : game.legal_plies())
    if (ply.ends_with(":" + cell)) plies.push_back(ply);
  return plies;
}

GameRecord record_of(std::int64_t id) {
  GameRecord record;
  record.id = id;
  record.type = "gates";
  record.players = {1, 2};
  record.userids = {"alice", "bob"};
  return record;
}

// Alice and bob in Gates game 1 (`options`), alice to move; replies to her game address.
struct GatesByReply : pbem::test::TwoPlayers {
  explicit GatesByReply(const std::string& options = "") {
    deliver("alice@example.org", "gates challenge alice bob" + options);
  }
  void reply(const std::string& userid, const std::string& from, const std::string& body) {
    const std::string address = player_game_address(db, config, 1, userid, 0);
    const std::string raw = "From: " + from + "\r\nTo: " + address + "\r\nSubject: Re: Gates #1: alice to move\r\n" +
                            "Message-ID: <reply-" + std::to_string(++delivered) + "@example.org>\r\n\r\n" + body +
                            "\r\n";
    service.process(service.receive(raw, std::nullopt, {address}).inbox_id);
  }
  std::string last_subject_to(const std::string& address) {
    std::string subject;
    for (const QueuedMail& mail : Outbox(db).queued())
      if (mail.recipient == address) {
        const std::size_t at = mail.data.find("\r\nSubject: ");
        subject = mail.data.substr(at + 11, mail.data.find("\r\n", at + 11) - at - 11);
      }
    return subject;
  }
  std::vector<std::string> moves() {
    std::vector<std::string> out;
    auto rows = db.prepare("SELECT move FROM moves WHERE game_id = 1 ORDER BY ply");
    while (rows.step()) out.push_back(rows.column_text(0));
    return out;
  }
};

}  // namespace

TEST_CASE("Gates links each cell that has a legal tile once, by the cell alone", "[move-links][cell-choice]") {
  for (const auto& options : std::vector<std::vector<std::string>>{
           {}, {"-align"}, {"-y", "-size=4"}, {"-hex", "-size=3"}}) {
    INFO((options.empty() ? "default" : options[0]));
    auto game = pbem::create_game("gates", options);
    for (int ply = 0; ply < 3; ++ply) {
      const auto links = move_links(*game, kAddress, "Gates #3: alice to move");
      REQUIRE(links);
      CHECK(links->heading.find("tap a cell") != std::string::npos);
      std::multiset<std::string> linked;
      for (const auto& row : links->rows)
        for (const pbem::mail::PageLink& link : row) {
          const std::string body = body_of(link.href);
          const std::string tail = "#" + std::to_string(ply + 1);
          REQUIRE(body.ends_with(tail));
          linked.insert(body.substr(0, body.size() - tail.size()));
          CHECK(link.label == body.substr(0, body.size() - tail.size()));
        }
      const auto cells = cells_with_a_legal_tile(*game);
      CHECK(std::set<std::string>(linked.begin(), linked.end()) == cells);
      CHECK(linked.size() == cells.size());  // each cell once
      CHECK(linked.count("swap") == (game->swap_allowed() ? 1u : 0u));
      REQUIRE(game->play(game->legal_plies().front()).ok);
    }
  }
}

TEST_CASE("the choice at a cell: each legal tile's board, picture and link", "[cell-choice]") {
  for (const auto& [options, tiles] : std::vector<std::pair<std::vector<std::string>, std::size_t>>{
           {{}, 3}, {{"-align"}, 6}}) {
    INFO((options.empty() ? "default parity" : options[0]));
    auto game = pbem::create_game("gates", options);
    const std::string cell = *cells_with_a_legal_tile(*game).begin();
    CellChoice choice{.game = game->clone(), .number = 1, .cell = cell, .plies = plies_at(*game, cell)};
    REQUIRE(choice.plies.size() == tiles);  // a-c by default; a-f under -align
    Account alice;
    alice.userid = "alice";
    alice.pictures = true;
    alice.board = "text";
    const Reply mail = cell_choice_mail(record_of(3), choice, alice, kAddress);
    CHECK(mail.subject == "Gates #3: your choice at " + cell + ", move 1");
    CHECK(mail.reply_to == kAddress);
    REQUIRE(mail.links.size() == tiles);
    REQUIRE(mail.boards.size() == tiles);
    CHECK(mail.pictures.size() == tiles);
    for (std::size_t i = 0; i < tiles; ++i) {
      INFO(choice.plies[i]);
      CHECK(mail.links[i].board == i);
      REQUIRE(mail.links[i].rows.size() == 1);
      REQUIRE(mail.links[i].rows[0].size() == 1);
      CHECK(body_of(mail.links[i].rows[0][0].href) == choice.plies[i] + "#1");
      CHECK(mail.links[i].rows[0][0].href.find("subject=Re%3A%20Gates%20%233") != std::string::npos);
      // The marked board is the position after that tile, and its picture stands above it.
      auto after = game->clone();
      REQUIRE(after->play(choice.plies[i]).ok);
      CHECK(mail.text.substr(mail.boards[i].begin, mail.boards[i].end - mail.boards[i].begin) == after->diagram());
      CHECK(mail.pictures[i].at < mail.boards[i].begin);
      CHECK(mail.text.find(choice.plies[i]) < mail.boards[0].begin);  // named in the text before the boards
    }
    alice.pictures = false;
    alice.board = "list";
    const Reply listed = cell_choice_mail(record_of(3), choice, alice, kAddress);
    CHECK(listed.pictures.empty());
    CHECK(listed.boards.size() == tiles);  // each list stands for its board
    CHECK(listed.text.find(" as a list, after 1 moves.") != std::string::npos);
  }
}

TEST_CASE("a bare cell's reply plays nothing; the tile's link then plays it", "[cell-choice]") {
  GatesByReply f;
  auto empty = pbem::create_game("gates", {});
  const std::string cell = *cells_with_a_legal_tile(*empty).begin();
  f.reply("alice", "alice@example.org", cell + "#1");
  CHECK(f.moves().empty());
  CHECK(f.last_subject_to("alice@example.org") == "Gates #1: your choice at " + cell + ", move 1");
  f.reply("alice", "alice@example.org", "b:" + cell + "#1");
  CHECK(f.moves() == std::vector<std::string>{"b:" + cell});
  // A stale cell link (move 1's) plays nothing and shows nothing.
  f.reply("alice", "alice@example.org", cell + "#1");
  CHECK(f.moves().size() == 1);
  CHECK(f.last_subject_to("alice@example.org").starts_with("Error"));
  // Bob's link to the occupied cell: the rules' reason, nothing played.
  f.reply("bob", "bob@example.net", cell + "#2");
  CHECK(f.moves().size() == 1);
  CHECK(f.last_subject_to("bob@example.net").starts_with("Error"));
  // A command with its password names its tile: a bare cell there is an illegal move.
  f.deliver("bob@example.net", "gates move 1 bob pw-bob " + cell);
  CHECK(f.moves().size() == 1);
  CHECK(f.last_subject_to("bob@example.net").starts_with("Error"));
}
