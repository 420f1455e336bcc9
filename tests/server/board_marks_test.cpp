// Where a mail's text holds a board (Reply::boards, issue 32): every mail that draws one
// marks Game::diagram() where it stands, so that its HTML part keeps the board in one <pre>
// while the sentences around it wrap (mail/html_page.h). And a board nobody marked (a
// tournament's round mail) still comes out in <pre> by the line rule.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "engine/registry.h"
#include "mail/html_page.h"
#include "server/pipeline/multiple.h"
#include "server/pipeline/processor.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/migrations.h"
#include "server/support/config.h"
#include "temp_dir.h"
#include "test_database.h"

using namespace pbem::server;
using pbem::test::TempDir;

namespace {

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& type : pbem::game_types()) names.push_back(type.name);
  return names;
}

struct Server {
  TempDir dir;
  Database db{pbem::test::test_database(dir.path())};
  Config config = default_config(dir.path());

  Server() { migrate(db); }

  Outcome run(const std::string& sender, const std::string& subject, const std::string& body = "") {
    Transaction transaction(db);
    Request request{sender, sender, parse_command(subject, game_names()), body, std::nullopt, std::nullopt};
    Outcome outcome = CommandProcessor(db, config).handle(request);
    if (!outcome.error) transaction.commit();
    return outcome;
  }

  void member(const std::string& userid, const std::string& address) {
    Outcome welcome = run(address, "signup " + userid + " secret-" + userid);
    std::smatch code;
    REQUIRE(std::regex_search(welcome.replies.at(0).text, code, std::regex("confirm " + userid + " (\\w+)")));
    REQUIRE_FALSE(run(address, "confirm " + userid + " " + code[1].str()).error);
    // A challenge to them starts the game at once, as these tests expect (the default,
    // ask, makes it an invitation: tests/integration/test_invitations.py).
    REQUIRE_FALSE(run(address, "set " + userid + " secret-" + userid + " challenges auto").error);
  }

  std::string diagram(std::int64_t game) {
    GameRecords records(db);
    return records.replay(*records.find(game))->diagram();
  }
};

// The marked parts of a reply's text.
std::vector<std::string> marked(const Reply& reply) {
  std::vector<std::string> parts;
  for (const pbem::mail::TextRange& board : reply.boards) parts.push_back(reply.text.substr(board.begin, board.end - board.begin));
  return parts;
}

}  // namespace

TEST_CASE("board mails, show, preview and subscribe mark the board where their text draws it", "[board_marks]") {
  Server s;
  s.member("alice", "alice@example.org");
  s.member("bob", "bob@example.net");
  s.member("carol", "carol@example.com");
  const Outcome challenge = s.run("alice@example.org", "hy3 challenge alice bob -size=7");
  REQUIRE_FALSE(challenge.error);
  REQUIRE(challenge.replies.size() == 2);
  for (const Reply& reply : challenge.replies) CHECK(marked(reply) == std::vector<std::string>{s.diagram(1)});

  const Outcome move = s.run("alice@example.org", "hy3 move 1 alice secret-alice d4");
  REQUIRE_FALSE(move.error);
  for (const Reply& reply : move.replies) {
    CHECK(marked(reply) == std::vector<std::string>{s.diagram(1)});
    CHECK(reply.text.find("[R]") > reply.boards.at(0).begin);  // the board as it is now
  }

  const Outcome watch = s.run("carol@example.com", "hy3 subscribe 1 carol secret-carol");
  REQUIRE_FALSE(watch.error);
  CHECK(marked(watch.replies.at(0)) == std::vector<std::string>{s.diagram(1)});

  REQUIRE_FALSE(s.run("bob@example.net", "gates challenge bob alice -y -size=4").error);
  const Outcome show = s.run("carol@example.com", "hy3 show 1");
  CHECK(marked(show.replies.at(0)) == std::vector<std::string>{s.diagram(1)});

  const Outcome preview = s.run("bob@example.net", "hy3 preview 1 e4");
  REQUIRE_FALSE(preview.error);
  REQUIRE(preview.replies.at(0).boards.size() == 1);
  CHECK(marked(preview.replies.at(0)).at(0).find("[B]") != std::string::npos);
}

TEST_CASE("a multiple's gathered answer keeps the boards of its lines marked", "[board_marks]") {
  auto game = pbem::create_game("gates", {"-y", "-size=4"});
  const std::string diagram = game->diagram();
  Outcome line;
  Reply shown;
  shown.to = "carol@example.com";
  shown.to_sender = true;
  shown.subject = "Gates #1";
  shown.text = "Gates #1 (-y -size=4)\n\n" + diagram + "\nWatchers: 0\n";
  shown.mark_board(diagram);
  line.replies.push_back(shown);
  const MultipleAnswer answer = answer_lines("carol@example.com", {line, line}, 0);
  CHECK(marked(answer.gathered) == std::vector<std::string>{diagram, diagram});
  CHECK(answer.gathered.boards.at(0).end < answer.gathered.boards.at(1).begin);
}

TEST_CASE("a board's lines are column-aligned even unmarked, on every board of every game", "[board_marks]") {
  struct Kind {
    std::string game, option;
    int min, max;
  };
  for (const Kind& kind : std::vector<Kind>{{"hy3", "", 3, 13},
                                            {"gaia", "", 2, 8},
                                            {"gates", "-cross", 2, 13},
                                            {"gates", "-y", 2, 26},
                                            {"gates", "-hex", 2, 13}}) {
    for (int size = kind.min; size <= kind.max; ++size) {
      std::vector<std::string> options{"-size=" + std::to_string(size)};
      if (!kind.option.empty()) options.push_back(kind.option);
      auto game = pbem::create_game(kind.game, options);
      REQUIRE(game->play(game->legal_plies().front()).ok);
      const std::string diagram = game->diagram();
      std::size_t start = 0;
      for (std::size_t end = diagram.find('\n'); end != std::string::npos; start = end + 1, end = diagram.find('\n', start)) {
        const std::string line = diagram.substr(start, end - start);
        INFO(kind.game << " " << kind.option << " size " << size << ": \"" << line << "\"");
        if (line.find_first_not_of(' ') != std::string::npos) CHECK(pbem::mail::column_aligned(line));
      }
    }
  }
}
