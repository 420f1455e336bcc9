// "Two taps to move" (issue 56): the links under the board of the mail to the player to move
// are exactly the engine's legal moves, each a mailto: (RFC 6068) whose body plays it as
// the next move; and a board mail with them stays under the 256 KiB one mail may hold at
// each game's largest board.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "engine/registry.h"
#include "mail/html_page.h"
#include "mail/mailto.h"
#include "mail/outgoing_message.h"
#include "pictures/picture.h"
#include "server/mailing/move_links.h"
#include "mailto_fields.h"

using namespace pbem::server;

namespace {

const std::string kAddress = "pbem+12-abcdefghijklmnopqrstu@example.org";

using pbem::test::mailto_field;

// The plies the links play (their bodies without "#moveno"), checking each link's form.
std::multiset<std::string> linked_plies(const pbem::mail::BoardLinks& links, int number, const std::string& subject) {
  std::multiset<std::string> plies;
  for (const auto& row : links.rows)
    for (const pbem::mail::PageLink& link : row) {
      INFO(link.href);
      CHECK(link.href.starts_with("mailto:" + kAddress + "?"));
      CHECK(mailto_field(link.href, "subject") == "Re: " + subject);
      const std::string body = mailto_field(link.href, "body");
      const std::string tail = "#" + std::to_string(number);
      REQUIRE(body.ends_with(tail));
      plies.insert(body.substr(0, body.size() - tail.size()));
      // Nothing a URI or HTML gives a meaning to is left unencoded.
      CHECK(link.href.find_first_of(" #\"<>") == std::string::npos);
    }
  return plies;
}

// The engine's legal plies, each once by identity (a Gaia edge pair is one ply).
std::set<std::string> legal_identities(const pbem::Game& game) {
  std::set<std::string> plies;
  for (const std::string& ply : game.legal_plies()) plies.insert(game.ply_identity(ply));
  return plies;
}

void check_links_are_the_legal_moves(const pbem::Game& game) {
  const auto links = move_links(game, kAddress, "HY 3 #12: alice to move");
  REQUIRE(links);
  REQUIRE_FALSE(links->rows.empty());
  const auto plies = linked_plies(*links, game.ply_count() + 1, "HY 3 #12: alice to move");
  std::set<std::string> identities;
  for (const std::string& ply : plies) CHECK(identities.insert(game.ply_identity(ply)).second);  // each once
  CHECK(identities == legal_identities(game));
  CHECK(plies.count("resign") == 0);
  // Grouped by row: every row's cells share their row letter, and no letter has two rows.
  std::set<std::string> rows;
  for (const auto& row : links->rows) {
    std::set<std::string> letters;
    for (const pbem::mail::PageLink& link : row) letters.insert(mailto_field(link.href, "body").substr(0, 1));
    CHECK(letters.size() == 1);
    CHECK(rows.insert(*letters.begin()).second);
  }
}

}  // namespace

TEST_CASE("mailto: URIs percent-encode the Subject and body (RFC 6068)", "[move-links]") {
  CHECK(pbem::mail::mailto_uri("pbem+12-abc@example.org", "Re: HY 3 #12: a&b=c", "d4#5") ==
        "mailto:pbem+12-abc@example.org?subject=Re%3A%20HY%203%20%2312%3A%20a%26b%3Dc&body=d4%235");
  CHECK(pbem::mail::mailto_uri("a,b%c@example.org", "", "swap#2") == "mailto:a%2Cb%25c@example.org?body=swap%232");
  CHECK(pbem::mail::percent_encoded("é") == "%C3%A9");
}

TEST_CASE("HY 3's links are its legal placements, not those that span exactly half", "[move-links]") {
  auto game = pbem::create_game("hy3", {"-size=4"});
  check_links_are_the_legal_moves(*game);
  for (const char* ply : {"d1", "a1", "d2", "a2", "d3", "a3", "d4", "g4", "d5", "g3", "d6", "g2"})
    REQUIRE(game->play(ply).ok);
  check_links_are_the_legal_moves(*game);
  const auto links = move_links(*game, kAddress, "HY 3 #12: alice to move");
  const auto plies = linked_plies(*links, 13, "HY 3 #12: alice to move");
  CHECK(plies.count("c6") == 0);  // empty, but a group spanning 9 of 18: illegal
  CHECK(plies.count("d7") == 1);
  CHECK(links->heading.find("13") != std::string::npos);
}

TEST_CASE("swap is linked where it is legal, and only there", "[move-links]") {
  for (const auto& [name, options] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"hy3", {"-swap"}}, {"gaia", {}}}) {
    INFO(name);
    auto game = pbem::create_game(name, options);
    REQUIRE(game->play(game->legal_plies().front()).ok);
    REQUIRE(game->swap_allowed());
    check_links_are_the_legal_moves(*game);
    auto links = move_links(*game, kAddress, "HY 3 #12: alice to move");
    CHECK(links->rows.back().size() == 1);  // a row of its own, last
    CHECK(linked_plies(*links, 2, "HY 3 #12: alice to move").count("swap") == 1);
    REQUIRE(game->play(game->legal_plies().front()).ok);
    CHECK(linked_plies(*move_links(*game, kAddress, "HY 3 #12: alice to move"), 3, "HY 3 #12: alice to move")
              .count("swap") == 0);
  }
}

TEST_CASE("Gaia links each edge pair once and every other legal cell", "[move-links]") {
  auto game = pbem::create_game("gaia", {});
  check_links_are_the_legal_moves(*game);
  // Both labels of each empty edge pair are legal plies; one link stands for the pair.
  const auto links = move_links(*game, kAddress, "HY 3 #12: alice to move");
  const auto plies = linked_plies(*links, 1, "HY 3 #12: alice to move");
  CHECK(plies.size() < game->legal_plies().size());
  CHECK(plies.size() == legal_identities(*game).size());
}

TEST_CASE("a finished game gets no links", "[move-links]") {
  auto hy3 = pbem::create_game("hy3", {"-size=4"});
  REQUIRE(hy3->play("resign").ok);
  CHECK_FALSE(move_links(*hy3, kAddress, "HY 3 #1"));
}

TEST_CASE("a board mail with its links stays under 256 KiB at each game's largest board", "[move-links]") {
  struct Largest {
    std::string game;
    std::vector<std::string> options;
  };
  for (const Largest& largest : std::vector<Largest>{{"hy3", {"-size=13", "-swap"}},
                                                     {"gaia", {"-size=8"}},
                                                     {"hy3", {}},
                                                     {"gaia", {}},
                                                     {"gates", {"-y", "-size=26"}}}) {
    auto game = pbem::create_game(largest.game, largest.options);
    // The most legal moves: the empty board, and the board at move 2 with swap.
    for (int plies = 0; plies < 2; ++plies) {
      INFO(largest.game << " " << (largest.options.empty() ? "" : largest.options[0]) << " at move " << plies + 1);
      pbem::mail::OutgoingMessage mail;
      mail.from_name = "PBeM Server";
      mail.from_address = "pbem@example.org";
      mail.to = {"alice@example.com"};
      mail.reply_to = kAddress;
      mail.subject = "HY 3 #999999: alice to move";
      mail.message_id = "m1@example.org";
      // The board mail's text: the headline and heading, the board with its key, the move
      // prompt and the clock, about as game_update writes them.
      const std::string diagram = game->diagram();
      mail.text = "bob played d4.\n\nHY 3 #999999 (-size=13 -swap)\n\n" + game->render(pbem::RenderContext{{"alice", "bob"}}) +
                  std::string(600, 'x') + "\n";
      mail.boards = {{mail.text.find(diagram), mail.text.find(diagram) + diagram.size()}};
      mail.pictures = {{0, pbem::pictures::draw_picture(*game)}};
      const std::size_t without = pbem::mail::compose(mail).size();
      CHECK(without <= 64 * 1024);  // the room kMoveLinksBytes counts on
      if (auto links = move_links(*game, kAddress, mail.subject)) {
        mail.links = {*links};
        const std::size_t with = pbem::mail::compose(mail).size();
        WARN("board mail " << without << " bytes, with its " << links->rows.size() << " rows of links ("
                            << links_bytes(*links) << " bytes counted) " << with
                           << (links->rows.empty() ? " (too many: said instead)" : ""));
        CHECK(with <= kMailBytes);
        CHECK_FALSE(links->rows.empty());  // every game's largest board has its links
      }
      REQUIRE(game->play(game->legal_plies().front()).ok);
    }
  }
}

TEST_CASE("the HTML part shows the links under their board, escaped, as 24 px targets", "[move-links]") {
  auto game = pbem::create_game("hy3", {"-size=3"});
  const auto links = move_links(*game, kAddress, "HY 3 #1: alice to move");
  const std::string diagram = game->diagram();
  const std::string text = "Headline.\n\n" + diagram + "\nIt is your move.\n";
  const std::string html =
      pbem::mail::html_page("t", text, {{text.find(diagram), text.find(diagram) + diagram.size()}}, {}, {*links});
  const std::size_t pre_end = html.find("</pre>");
  const std::size_t first_link = html.find("<a ");
  REQUIRE(first_link != std::string::npos);
  CHECK(pre_end < first_link);
  CHECK(first_link < html.find("It is your move."));
  CHECK(html.find("min-width:24px;min-height:24px") != std::string::npos);
  CHECK(html.find("&amp;body=a1%232\"") == std::string::npos);  // move 1, not 2
  CHECK(html.find("&amp;body=a1%231\"") != std::string::npos);
  // A board too large for links says so instead.
  const auto none = move_links(*game, kAddress, "HY 3 #1: alice to move", 10);
  REQUIRE(none);
  CHECK(none->rows.empty());
  CHECK(none->heading.find("too many") != std::string::npos);
}
