// The command table is the only list of command words: the parser, the usage in errors and
// the help texts all read it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/language/command_table.h"
#include "server/language/parser.h"
#include "server/replies/parse_replies.h"
#include "server/handlers/dispatch.h"
#include "server/mailing/help_text.h"
#include "server/mailing/usage_text.h"

using namespace pbem::server;

namespace {
const std::vector<std::string>& kGames = pbem::game_type_names();

std::string line_for(const CommandSpec& spec, std::string_view spelling) {
  return (spec.for_game ? "hy3 " : "") + std::string(spelling);
}

// The rows `join` and `leave` hand a league's G#N or a ladder's L#N to: no Subject spells
// them itself.
bool handed_from_entry(const CommandSpec& spec) {
  return spec.name == "league join" || spec.name == "league leave" || spec.name == "ladder join" ||
         spec.name == "ladder leave";
}

// The words a Subject calls the row by: its first spelling, or for a row handed a command
// by another (`join G#3`), the word of its usage after the game.
std::string subject_words(const CommandSpec& spec) {
  if (!spec.spellings.empty()) return std::string(spec.spellings.front());
  return pbem::split_words(command_usage(spec)).at(1);
}
}  // namespace

TEST_CASE("every row has a unique name, a usage, a parser and a handler") {
  std::set<std::string_view> names;
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    CHECK(names.insert(spec.name).second);
    // Only the row a mail to an unsubscribe address calls, and the rows `join` and `leave`
    // hand a league or a ladder to, have no spelling.
    CHECK(spec.spellings.empty() == (spec.name == "list unsubscribe" || handed_from_entry(spec)));
    CHECK_FALSE(command_usage(spec).empty());
    CHECK(spec.parse != nullptr);
    CHECK(handler_for(spec) != nullptr);
    CHECK(&command_named(spec.name) == &spec);
  }
  CHECK_THROWS_AS(command_named("no such command"), std::logic_error);
}

TEST_CASE("every row's usage line is a catalogue text of its own, and every usage text a row's") {
  std::set<Msg> rows_usages;
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    CHECK(rows_usages.insert(usage_message(spec)).second);
    CHECK(command_usage(spec).find('\n') == std::string::npos);  // one line, as replies indent it
  }
  for (const CatalogueEntry& entry : english_catalogue()) {
    INFO(entry.key);
    CHECK(entry.key.starts_with("Usage") == (rows_usages.count(entry.id) == 1));
  }
  // "<game>" is the game's name everywhere in the line, the gloss too.
  CHECK(command_usage(command_named("swap"), "gaia") == "gaia swap board userid password   (or: gaia move board "
                                                          "userid password swap)");
}

TEST_CASE("every spelling in the table reaches its own row") {
  for (const CommandSpec& spec : command_table()) {
    for (std::string_view spelling : spec.spellings) {
      const std::string line = line_for(spec, spelling);
      INFO(line);
      CHECK(looks_like_command(line, kGames));
      ParsedCommand parsed = parse_command(line, kGames);
      if (parsed.command) {
        // Commands whose arguments are all optional parse from their words alone.
        CHECK(parsed.command->spec == &spec);
      } else {
        // The others are refused with their own usage, read from the table.
        CHECK(command_usage(parsed.usage).find(command_usage(spec, "hy3")) != std::string::npos);
      }
    }
  }
}

// One way for join and leave to reach a competition: the word after them picks the row
// (a bare number or T#N a tournament, G#N a league, L#N a ladder), whose handler
// dispatch.cpp maps by name.
TEST_CASE("join and leave hand a league's G#N and a ladder's L#N to their own rows") {
  const std::pair<std::string, std::string_view> cases[] = {
      {"hy3 join 3 alice Sekr3t-alice", "join"},
      {"hy3 join T#3 alice Sekr3t-alice", "join"},
      {"hy3 leave 3 alice Sekr3t-alice", "leave"},
      {"hy3 join g#3 alice Sekr3t-alice", "league join"},
      {"hy3 leave G#3 alice Sekr3t-alice", "league leave"},
      {"hy3 join L#3 alice Sekr3t-alice", "ladder join"},
      {"hy3 leave l#3 alice Sekr3t-alice", "ladder leave"},
  };
  for (const auto& [line, row] : cases) {
    INFO(line);
    const ParsedCommand parsed = parse_command(line, kGames);
    REQUIRE(parsed.command);
    CHECK(parsed.command->spec->name == row);
    CHECK(parsed.command->boards.at(0).number == 3);
    CHECK(parsed.command->userid == "alice");
  }
  const ParsedCommand refused = parse_command("hy3 join L#x alice Sekr3t-alice", kGames);
  CHECK_FALSE(refused.command);
  CHECK(parse_error(refused).find("write it with its prefix, e.g. L#3") != std::string::npos);
}

TEST_CASE("help commands lists every row's usage, in table order") {
  const std::string help = help_text({"commands"}, "pbem@example.org");
  std::size_t at = 0;
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    const auto found = help.find(command_usage(spec), at);
    REQUIRE(found != std::string::npos);
    at = found;
  }
}

TEST_CASE("a game's help lists only the game commands, with the game's name") {
  const std::string help = game_help_text("gaia");
  for (const CommandSpec& spec : command_table()) {
    INFO(spec.name);
    CHECK((help.find(command_usage(spec, "gaia")) != std::string::npos) == spec.for_game);
  }
}

TEST_CASE("the games named in the help texts come from the registry") {
  const std::string help = help_text({"commands"}, "pbem@example.org");
  CHECK(help.find("<game> is one of: gates, hy3, gaia.") != std::string::npos);
  CHECK(help_text({"tutorial"}, "pbem@example.org").find("`help gates`, `help hy3` or `help gaia`") !=
        std::string::npos);
}

namespace {

// Sample words for a usage line's arguments, in its order; the secret is "Sekr3t-alice".
// Read from the usage, so a new row is covered by the test below as it is written.
std::vector<std::string> sample_arguments(const CommandSpec& spec) {
  const std::string line = command_usage(spec);
  std::string usage(line.substr(0, line.find("   (")));
  std::vector<std::string> words = pbem::split_words(usage);
  std::size_t own = (spec.for_game ? 1 : 0) + pbem::split_words(subject_words(spec)).size();
  std::vector<std::string> out;
  for (std::size_t i = own; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "board" || word == "board[#moveno]" || word == "[board]") out.push_back("1");
    else if (word == "userid" || word == "userid1" || word == "[userid") out.push_back("alice");
    else if (word == "userid2" || word == "to-userid") out.push_back("bob");
    else if (word == "password" || word == "password]" || word == "current-password" || word == "code")
      out.push_back("Sekr3t-alice");
    else if (word == "new-password") out.push_back("N3w-Sekr3t-x");
    else if (word == "[code]") out.push_back("Sekr3t-code");
    else if (word == "move[#moveno]" || word == "[clear|ply") out.push_back("c1");
    else if (word == "ply") out.push_back("b2");
    else if (word == "T") out.push_back("3");
    else if (word == "G#N") out.push_back("G#3");
    else if (word == "[-group=N]" || word == "[-up=N]" || word == "[-down=N]") out.push_back(word.substr(1, word.size() - 2));
    else if (word == "[game" || word == "options]") continue;
    else if (word == "L") out.push_back("L#3");
    else if (word == "target") out.push_back("bob");
    else if (word == "[-reach=N]") out.push_back("-reach=2");
    else if (word == "name") out.push_back("Spring");
    else if (word == "[address") out.push_back("alice@a.test");
    else if (word == "setting") out.push_back("movemail");
    else if (word == "[-sealed]") out.push_back("-sealed");
    else if (word == "board#K") out.push_back("1#2");
    else if (word == "[opponent]") out.push_back("bob");
    else if (word == "value") out.push_back("off");
    else if (word == "[days|off]") out.push_back("7days");
    else if (word == "[-options]") out.push_back("-size=3");
    else if (word == "[other]" || word == "other") out.push_back("bob");
    else if (word == "[to-userid" || word == "...]" || word == "...") continue;
    else FAIL("no sample for '" << word << "' in the usage of " << spec.name);
  }
  return out;
}

bool holds_secret(const std::string& text) {
  const std::string lower = pbem::to_lower(text);
  return lower.find("sekr3t") != std::string::npos;
}

}  // namespace

// Spec "Limits, second round": no reply or log line quotes a word at or after the userid of a
// command that takes a secret, however the words are ordered. Every row with a secret, its
// arguments in every order: neither the parse error nor the quoted command repeats the secret,
// and an error a handler writes about any word of them (as "there is no user '...'" does) has
// it masked on its way out, until the password was accepted.
TEST_CASE("no order of a secret command's words gets its secret quoted", "[secrets]") {
  std::size_t rows = 0, orders = 0;
  for (const CommandSpec& spec : command_table()) {
    if (spec.secret == Secret::None) continue;
    ++rows;
    std::vector<std::string> arguments = sample_arguments(spec);
    std::sort(arguments.begin(), arguments.end());
    do {
      const std::string line = line_for(spec, subject_words(spec)) + " " + pbem::join(arguments, " ");
      INFO(line);
      ++orders;
      const ParsedCommand p = parse_command(line, kGames);
      CHECK_FALSE(holds_secret(parse_error(p)));
      CHECK_FALSE(holds_secret(p.masked.cautious().text()));
      if (!p.command) CHECK_FALSE(holds_secret(p.masked.text()));
      for (const std::string& word : arguments)
        CHECK_FALSE(holds_secret(p.secrets.masked_in("there is no user '" + pbem::to_lower(word) + "'", false)));
    } while (std::next_permutation(arguments.begin(), arguments.end()));
  }
  CHECK(rows == 43);  // every row that takes a password (block, unblock, report, record, review, note, notes, fork, export and delete too), signup's, confirm's and reset's secrets
  CHECK(orders > 250);
}

// Issue 40 item 4's reports, each as it was made.
TEST_CASE("words out of order in set, vacation and join quote nothing after the command", "[secrets]") {
  for (const std::string line : {"set alice movemail Sekr3t-alice off", "vacation alice 7days Sekr3t-alice",
                                 "hy3 join Sekr3t-alice", "hy3 tournament Sekr3t-alice 3 alice start",
                                 "change Sekr3t-alice password alice x"}) {
    INFO(line);
    const ParsedCommand p = parse_command(line, kGames);
    REQUIRE_FALSE(p.command);
    CHECK_FALSE(holds_secret(parse_error(p)));
    CHECK_FALSE(holds_secret(p.masked.text()));
  }
  // "movemail" stood where the password belongs: it is masked wherever the error has it.
  CHECK(parse_error(parse_command("set alice movemail Sekr3t-alice off", kGames)) ==
        "the word where the setting belongs is not one of: pictures, digest, *****, autovacation, challenges, messages, announcements, records, board, calendar, reviews");
  CHECK(parse_error(parse_command("set alice Sekr3t-alice colour off", kGames)) ==
        "the word where the setting belongs is not one of: pictures, digest, movemail, autovacation, challenges, messages, announcements, records, board, calendar, reviews");
  CHECK(parse_error(parse_command("vacation alice 7days Sekr3t-alice", kGames)) ==
        "the word where the number of days belongs is neither a number of vacation days (1 or more) nor 'off'");
  CHECK(parse_error(parse_command("hy3 join Sekr3t-alice", kGames)) ==
        "the word where the tournament number belongs is not a tournament number: write 3 or T#3");
  // A command without a secret still names the word it refused.
  CHECK(parse_error(parse_command("hy3 tournament x", kGames)) ==
        "the word where the tournament number belongs is not a tournament number: write 3 or T#3");
  CHECK(parse_error(parse_command("hy3 history x", kGames)) == "'x' is not a board number");
}

// A reply to a game or digest address: the player typed only what follows their userid.
TEST_CASE("a move by reply with a userid and password on its line quotes neither", "[secrets]") {
  for (const std::string text : {"alice Sekr3t-alice c1", "Sekr3t-alice alice c1", "c1 alice Sekr3t-alice",
                                 "Sekr3t-alice c1", "c1 Sekr3t-alice", "hy3 move 1 alice Sekr3t-alice c1"}) {
    INFO(text);
    const ParsedCommand p = read_player_act("hy3", 1, 7, "alice", text);
    REQUIRE_FALSE(p.act);
    CHECK_FALSE(holds_secret(parse_error(p)));
    CHECK_FALSE(holds_secret(p.masked.text()));
    CHECK(p.masked.text() == "hy3 move 1 ...");
  }
  // A conditional line is private anyway; an error about its plies masks them too.
  const ParsedCommand conditional = read_player_act("hy3", 1, 7, "alice", "conditional Sekr3t-alice c1");
  REQUIRE(conditional.act);
  CHECK(conditional.secrets.masked_in("'sekr3t-alice' is not a cell", false, "alice") == "'*****' is not a cell");
  // One word is the move, and may be named.
  const ParsedCommand move = read_player_act("hy3", 1, 7, "alice", "zz99");
  REQUIRE(move.act);
  CHECK(move.secrets.masked_in("illegal move 'zz99'", false, "alice") == "illegal move 'zz99'");
}
