// The catalogue of texts (catalogue/catalogue.h): every key has a text, every event and
// refusal kind has its message, every key is used somewhere outside the catalogue, and a
// text's placeholders are filled exactly (the renderer refuses a missing or a stray one).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <variant>

#include "server/catalogue/catalogue.h"
#include "server/replies/climb_replies.h"

#include "server/mailing/event_text.h"
#include "server/mailing/proposal_refusal_text.h"
#include "server/mailing/refusal_text.h"
#include "tests/source_paths.h"

using namespace pbem::server;

namespace {

// Calls `check` with each alternative of `Variant`, default-constructed, as the variant.
template <typename Variant, typename Check>
void each_kind(Check&& check) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (check(Variant(std::in_place_index<I>), I), ...);
  }(std::make_index_sequence<std::variant_size_v<Variant>>{});
}

// Every .h and .cpp under server/ but the catalogue's own files, as one text.
std::string server_sources_but_catalogue() {
  std::string all;
  const auto server = std::filesystem::path(pbem::tests::source_dir()) / "server";
  for (const auto& file : std::filesystem::recursive_directory_iterator(server)) {
    const auto path = file.path();
    if (path.extension() != ".h" && path.extension() != ".cpp") continue;
    const auto name = path.filename().string();
    if (name == "catalogue.h" || name == "catalogue_english.cpp") continue;
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    all += text.str();
    all += '\n';
  }
  return all;
}

bool names_message(const std::string& sources, std::string_view key) {
  const std::string use = "Msg::" + std::string(key);
  for (std::size_t at = sources.find(use); at != std::string::npos; at = sources.find(use, at + 1)) {
    const char after = at + use.size() < sources.size() ? sources[at + use.size()] : ' ';
    if (!std::isalnum(static_cast<unsigned char>(after)) && after != '_') return true;
  }
  return false;
}

}  // namespace

TEST_CASE("every key of the catalogue has a text, at its place, once", "[catalogue]") {
  const auto catalogue = english_catalogue();
  REQUIRE(catalogue.size() == kMessageCount);
  std::set<std::string_view> keys;
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    INFO(catalogue[i].key);
    CHECK(catalogue[i].id == static_cast<Msg>(i));
    CHECK_FALSE(catalogue[i].key.empty());
    CHECK_FALSE(catalogue[i].text.empty());
    CHECK(keys.insert(catalogue[i].key).second);
    CHECK(key_of(catalogue[i].id) == catalogue[i].key);
  }
}

TEST_CASE("no two keys of the catalogue share a text", "[catalogue]") {
  std::set<std::string_view> texts;
  for (const CatalogueEntry& entry : english_catalogue()) {
    INFO(entry.key << " has the text of another key: use that one");
    CHECK(texts.insert(entry.text).second);
  }
}

TEST_CASE("every placeholder of a text is a lowercase name, its braces matched", "[catalogue]") {

  for (const CatalogueEntry& entry : english_catalogue()) {
    INFO(entry.key);
    std::vector<std::string> names;
    REQUIRE_NOTHROW(names = placeholders_of(entry.text));
    for (const std::string& name : names) {
      CHECK_FALSE(name.empty());
      for (const char c : name) CHECK(((c >= 'a' && c <= 'z') || c == '_'));
    }
  }
}

TEST_CASE("the renderer fills every placeholder and refuses a missing or a stray argument", "[catalogue]") {
  CHECK(text(Msg::MoveNumberAheadRefusal, {{"asked", 7}, {"next", 5}}) ==
        "move 7 is not yet due; the game is at move 5, so the #7 does not match");
  CHECK_THROWS_AS(text(Msg::MoveNumberAheadRefusal, {{"asked", 7}}), std::logic_error);
  CHECK_THROWS_AS(text(Msg::NoSuchGameRefusal, {{"game", 3}, {"player", "bob"}}), std::logic_error);
  // An argument is put in as it is, never read as a template itself.
  CHECK(text(Msg::IllegalPlyRefusal, {{"ply", "{x}"}, {"why", "}}"}}) == "illegal move {x}: }}");
  // A doubled brace is a brace of the text.
  const CatalogueEntry braces[] = {{Msg::GameAbortedRefusal, "GameAbortedRefusal", "#{{N}} of {game}"}};
  const Arg game[] = {{"game", 12}};
  CHECK(render(braces, Msg::GameAbortedRefusal, game) == "#{N} of 12");
  CHECK_THROWS_AS(placeholders_of("a lone } brace"), std::logic_error);
  CHECK_THROWS_AS(placeholders_of("an {unclosed brace"), std::logic_error);
}

TEST_CASE("every kind of event has its text, its placeholders filled", "[catalogue]") {
  const UseridOf userid_of = [](std::int64_t id) { return "user" + std::to_string(id); };
  each_kind<Event>([&](const Event& event, std::size_t index) {
    INFO("event " << kind_name(event) << " (alternative " << index << ")");
    const EventWords words = event_words(event, userid_of);
    CHECK_FALSE(template_of(words.id).empty());
    std::string line;
    REQUIRE_NOTHROW(line = event_line(event, userid_of));
    CHECK_FALSE(line.empty());
  });
  // Every way a game ends has its own line.
  std::set<Msg> ends;
  for (const GameEnd reason : {GameEnd::Board, GameEnd::Resigned, GameEnd::Time, GameEnd::Aborted,
                               GameEnd::NeverMoved, GameEnd::Voided, GameEnd::Adjudicated}) {
    const Event ended = event::GameEnded{.game = 4, .winner = 1, .reason = reason, .by = 2, .plies = 9};
    REQUIRE_NOTHROW(event_line(ended, userid_of));
    ends.insert(event_words(ended, userid_of).id);
  }
  CHECK(ends.size() == 7);
  CHECK(event_line(event::PlyStored{.game = 12, .number = 5, .ply = "d4", .colour = 0, .user = 3}, userid_of) ==
        "Game 12, move 5: user3 played d4.");
}

TEST_CASE("every kind of refusal has its text", "[catalogue]") {
  auto has_text = [](const auto& why, std::size_t index) {
    INFO("refusal alternative " << index);
    CHECK_FALSE(template_of(refusal_message(why)).empty());
  };
  each_kind<PlyRefusal>(has_text);
  each_kind<VerdictRefusal>(has_text);
  each_kind<AbortRefusal>(has_text);
  // The proposals' refusals, each kind with its own message.
  std::set<Msg> proposals;
  each_kind<ProposalRefusal>([&](const ProposalRefusal& why, std::size_t index) {
    has_text(why, index);
    proposals.insert(refusal_message(why));
  });
  CHECK(proposals.size() == std::variant_size_v<ProposalRefusal>);
  each_kind<VerdictRefusal>([](const VerdictRefusal& why, std::size_t) {
    // A competition's refusal names a kind, which a default one has not: it is worded with
    // a real ladder in competitions_test.
    if (std::holds_alternative<refusal::InCompetition>(why)) return;
    CHECK_NOTHROW(refusal_text(why, 5));
  });
  // A climb's refusals, each with its own message, all worded with their placeholders filled.
  LadderRecord ladder;
  ladder.id = 3;
  ladder.type = "hy3";
  ladder.reach = 2;
  Account climber, target;
  climber.id = 1;
  climber.userid = "carol";
  target.id = 2;
  target.userid = "alice";

  std::set<Msg> climbs;
  for (const ladder::ClimbRefusal why : kClimbRefusals) {
    climbs.insert(refusal_message(why));
    CHECK_FALSE(climb_refusal_text(why, ladder, {2, 1}, climber, target).empty());
  }
  CHECK(climbs.size() == std::size(kClimbRefusals));
  CHECK(climb_refusal_text(ladder::ClimbRefusal::OutOfReach, ladder, {2, 5, 6, 1}, climber, target) ==
        "alice is on rung 1, too far above carol's rung 4: on L#3 a climb reaches at most 2 rungs up");
  // A #moveno either way has its own words.
  CHECK(refusal_message(PlyRefusal(refusal::WrongMoveNumber{.asked = 9, .next = 5})) == Msg::MoveNumberAheadRefusal);
  CHECK(refusal_message(PlyRefusal(refusal::WrongMoveNumber{.asked = 3, .next = 5})) == Msg::MoveNumberBehindRefusal);
}

TEST_CASE("every key of the catalogue is used outside it", "[catalogue]") {
  const std::string sources = server_sources_but_catalogue();
  REQUIRE_FALSE(sources.empty());
  for (const CatalogueEntry& entry : english_catalogue()) {
    INFO("Msg::" << entry.key << " is used nowhere in server/: remove it from the catalogue, or use it");
    CHECK(names_message(sources, entry.key));
  }
}
