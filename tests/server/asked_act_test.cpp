// A known player's words (a reply to a game address, a digest line) read once into the
// typed act they ask for (language/asked_act.h): the same words as the move command took
// them, the same errors, usage lines and quotes, and no command.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "server/language/argument_reader.h"
#include "server/language/command_table.h"
#include "server/language/parser.h"
#include "server/mailing/usage_text.h"
#include "server/replies/parse_replies.h"
#include "engine/text.h"

using namespace pbem;
using namespace pbem::server;

namespace {

// The reading a reply's words had before they became a typed act: the `move` (or
// `conditional`) command with the player's userid in front of their words. Kept here, and
// only here, as the reference the typed reading must agree with.
void parse_ply_line(ArgumentReader& reader, Command& command) {
  ArgumentReader ahead = reader;
  if (ahead.rest().size() > 2) reader.password_layout_from_here();
  command.userid = reader.take_userid();
  if (command.spec->traits.takes_ply_line) {
    command.words = take_conditional_words(reader);
    return;
  }
  PlyWords words = take_ply_words(reader);
  command.move = std::move(words.move);
  command.moveno = words.moveno;
  if (const CommandSpec* own = move_word_command(command.move)) command.spec = own;
  reader.expect_end();
}

ParsedCommand parse_player_move(std::string_view type, long long number, std::string_view userid,
                                std::string_view move_text) {
  std::vector<std::string> plies = split_words(move_text);
  // "conditional ..." is that command; anything else is the move.
  const bool conditional = !plies.empty() && to_lower(plies.front()) == "conditional";
  if (conditional) plies.erase(plies.begin());
  const std::string verb = conditional ? "conditional" : "move";
  Command command;
  command.spec = &command_named(verb);
  command.type = std::string(type);
  command.boards.push_back(BoardRef{number, std::nullopt});
  // The player's words after their userid, read with it in front: a line of several words
  // may hold a password, and is then masked from the userid on, as the whole command
  // `<type> move <number> <userid> ...` would be. The game's words are the server's own.
  const std::string known = command.type + " " + verb + " " + std::to_string(number);
  const auto quoted = [&](const MaskedCommand& words) { return ArgumentReader::after_known(known, words); };
  plies.insert(plies.begin(), std::string(userid));
  ArgumentReader reader(plies);
  ParsedCommand result;
  try {
    parse_ply_line(reader, command);
  } catch (const ParseFailure& failure) {
    result.secrets = reader.secret_words();
    result.refusal = failure.refusal;
    result.known_userid = std::string(userid);
    result.usage = UsageOf{command.spec, command.type};
    result.masked = quoted(reader.masked_so_far());
    return result;
  }
  command.masked = quoted(reader.masked());
  result.masked = command.masked;
  result.secrets = reader.secret_words();
  result.command = std::move(command);
  return result;
}


ParsedCommand read(std::string_view words) { return read_player_act("hy3", 12, 7, "alice", words); }

template <typename Asked>
const Asked& asked_as(const ParsedCommand& parsed) {
  REQUIRE(parsed.act);
  REQUIRE(std::holds_alternative<Asked>(parsed.act->asked));
  return std::get<Asked>(parsed.act->asked);
}

}  // namespace

TEST_CASE("a ply, with or without its move number, is a typed ply of the known player and game", "[asked_act]") {
  const ParsedCommand plain = read("B2");
  CHECK_FALSE(plain.command);
  REQUIRE(plain.act);
  CHECK(plain.act->game == 12);
  CHECK(plain.act->account == 7);
  CHECK(asked_as<AskedPly>(plain).ply == "b2");
  CHECK_FALSE(asked_as<AskedPly>(plain).moveno);
  CHECK(plain.masked.text() == "hy3 move 12 alice B2");
  CHECK(plain.own_words.text() == "B2");

  const ParsedCommand numbered = read("c:d3#5");
  CHECK(asked_as<AskedPly>(numbered).ply == "c:d3");
  CHECK(asked_as<AskedPly>(numbered).moveno == 5);
  CHECK(asked_as<AskedPly>(read("swap")).ply == "swap");
}

TEST_CASE("the move words are the acts they name", "[asked_act]") {
  asked_as<AskedResign>(read("Resign"));
  CHECK(asked_as<AskedProposalStep>(read("undo")).step == ProposalStep::undo);
  CHECK(asked_as<AskedProposalStep>(read("abort")).step == ProposalStep::abort);
  CHECK(asked_as<AskedProposalStep>(read("accept")).step == ProposalStep::accept);
  CHECK(asked_as<AskedProposalStep>(read("decline")).step == ProposalStep::decline);
  CHECK(asked_as<AskedProposalStep>(read("reject")).step == ProposalStep::decline);
  // Their refusals quote the whole line, as they always did.
  CHECK(read("resign").own_words.text() == "hy3 move 12 alice resign");
}

TEST_CASE("conditional moves: the listing, clear, or a line of plies", "[asked_act]") {
  CHECK(asked_as<AskedConditional>(read("conditional")).words.empty());
  CHECK(asked_as<AskedConditional>(read("conditional CLEAR")).words == std::vector<std::string>{"clear"});
  CHECK(asked_as<AskedConditional>(read("Conditional b2 c3")).words == std::vector<std::string>{"b2", "c3"});
  const ParsedCommand line = read("conditional b2 c3");
  CHECK(line.masked.text().starts_with("hy3 conditional 12 alice"));
  CHECK(line.masked.text().find("b2") == std::string::npos);  // a line of plies is private
}

TEST_CASE("a note by reply: `note` or `note -sealed` as the first line, nothing else", "[asked_act]") {
  const auto note = read_player_note("hy3", 12, 7, "alice", "Note");
  REQUIRE(note);
  CHECK_FALSE(asked_as<AskedNote>(*note).sealed);
  CHECK(note->masked.text() == "hy3 note 12 alice");
  CHECK(note->own_words.text().empty());
  const auto sealed = read_player_note("hy3", 12, 7, "alice", "note -SEALED");
  REQUIRE(sealed);
  CHECK(asked_as<AskedNote>(*sealed).sealed);
  CHECK(sealed->own_words.text() == "-sealed");
  CHECK_FALSE(read_player_note("hy3", 12, 7, "alice", "note to self"));
  CHECK_FALSE(read_player_note("hy3", 12, 7, "alice", "b2"));
}

TEST_CASE("a player's words read as the move command read them: the same errors, usage and quotes",
          "[asked_act][secrets]") {
  for (const std::string words :
       {"b2", "B2#3", "b2 #3", "b2#x", "b2#0", "swap", "swap now", "resign#4", "resign please", "reject", "",
        "alice Sekr3t-alice c1", "Sekr3t-alice alice c1", "c1 alice Sekr3t-alice", "Sekr3t-alice c1",
        "hy3 move 1 alice Sekr3t-alice c1", "conditional", "conditional clear", "conditional b2 c3 d4 e5",
        "conditional Sekr3t-alice c1", "j7 j8"}) {
    INFO(words);
    const ParsedCommand act = read(words);
    const ParsedCommand command = parse_player_move("hy3", 12, "alice", words);
    CHECK(act.act.has_value() == command.command.has_value());
    CHECK_FALSE(act.command);
    CHECK(parse_error(act) == parse_error(command));
    CHECK(command_usage(act.usage) == command_usage(command.usage));
    CHECK(act.masked.text() == command.masked.text());
    CHECK(act.masked.cautious().text() == command.masked.cautious().text());
    CHECK(act.secrets.masked_in("'sekr3t-alice' or 'c1'", false, "alice") ==
          command.secrets.masked_in("'sekr3t-alice' or 'c1'", false, "alice"));
    if (!command.command) continue;
    // The words the player typed, as the answer to a refused reply quotes them: the quote
    // without the command's own words, cut after the name of the row it became.
    const Command& c = *command.command;
    CHECK(act.own_words.cautious().text() ==
          command.masked.cautious().after("hy3 " + std::string(c.spec->name) + " 12 alice").text());
    if (const auto* ply = std::get_if<AskedPly>(&act.act->asked)) {
      CHECK(ply->ply == c.move);
      CHECK(ply->moveno == c.moveno);
    }
    if (const auto* conditional = std::get_if<AskedConditional>(&act.act->asked))
      CHECK(conditional->words == c.words);
  }
}

TEST_CASE("a player's act is one parse", "[asked_act]") {
  const auto before = command_parse_count();
  read("b2");
  read("b2 #3");
  (void)read_player_note("hy3", 12, 7, "alice", "note");
  CHECK(command_parse_count() - before == 3);
}
