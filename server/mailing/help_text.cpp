#include "server/mailing/help_text.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/text_wrap.h"
#include "server/mailing/usage_text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// "a, b or c": the games in the tutorial's last line.
std::string one_or_another(std::vector<std::string> items) {
  if (items.size() < 2) return join(items, "");
  const std::string last = items.back();
  items.pop_back();
  return text(Msg::HelpOneOrAnother, {{"some", join(items, ", ")}, {"last", last}});
}

// The games in the registry's order, as `format` writes each name: a new game appears in
// the help texts by itself.
template <typename Format>
std::vector<std::string> each_game(Format format) {
  std::vector<std::string> out;
  for (const auto& type : game_types()) out.push_back(format(type.name));
  return out;
}

std::string overview(const std::string& address) {
  std::string games;
  for (const auto& type : game_types())
    games += text(Msg::HelpOverviewGame, {{"game", type.name}, {"summary", type.summary}});
  return text(Msg::HelpOverview, {{"address", address}, {"games", games}});
}

std::string clock_help(const ClockConfig& clock) {
  return text(Msg::HelpClock, {{"days", clock.days_per_move},
                               {"no_limit", clock.days_per_move == 0 ? text(Msg::HelpClockNoTimeLimit) : ""},
                               {"notice", clock.remind_before_hours},
                               {"vacation_days", clock.vacation_days_per_year}});
}

std::string commands_help() {
  const auto games = each_game([](const std::string& name) { return name; });
  return text(Msg::HelpCommands, {{"usages", all_usages()}, {"games", join(games, ", ")}}) +
         text(Msg::YourAccountHelp);
}

std::string tutorial() {
  const auto topics = each_game([](const std::string& name) { return text(Msg::HelpTutorialGame, {{"game", name}}); });
  return text(Msg::HelpTutorial, {{"games", one_or_another(topics)}});
}

}  // namespace

std::string help_text(const std::vector<std::string>& subjects, const std::string& server_address,
                      const ClockConfig& clock) {
  if (subjects.empty()) return overview(server_address);
  // Each subject once, and the unknown ones named once together: `help hy3 hy3 ...` with
  // thousands of words must not make a reply of megabytes.
  std::string out;
  Listing unknown;
  for (const std::string& subject : each_once(subjects)) {
    std::string part;
    if (subject == "commands") part = commands_help();
    else if (subject == "tutorial") part = tutorial();
    else if (subject == "clock") part = clock_help(clock);
    else if (subject == "tournaments") part = text(Msg::HelpTournaments);
    else if (subject == "leagues") part = text(Msg::HelpLeagues);
    else if (subject == "ladders") part = text(Msg::HelpLadders);
    else if (subject == "digest") part = text(Msg::HelpDigest);
    else if (find_game_type(subject)) part = game_help_text(subject);
    else unknown.add(quoted_word(subject));
    if (!part.empty()) out += (out.empty() ? "" : "\n") + part;
  }
  if (!unknown.empty())
    out += (out.empty() ? "" : "\n") + text(Msg::HelpUnknownSubjects, {{"subjects", unknown.text("  ", "")}}) +
           overview(server_address);
  return out;
}

std::string game_help_text(const std::string& game) {
  const GameType* type = find_game_type(game);
  if (!type) return "";
  return text(Msg::HelpGame, {{"rules", type->rules_help},
                              {"options", option_lines(*type, "  ", "   ") + server_option_lines("  ", "   ")},
                              {"usages", game_usages(type->name)}});
}

ReplyWords help_reply(const std::vector<std::string>& subjects, const std::string& server_address,
                      const ClockConfig& clock) {
  return {text(Msg::HelpSubject), mail::wrap_text(help_text(subjects, server_address, clock))};
}

ReplyWords game_help_reply(const std::string& game) {
  return {text(Msg::GameHelpSubject, {{"title", game_title(game)}}), mail::wrap_text(game_help_text(game))};
}

}  // namespace pbem::server
