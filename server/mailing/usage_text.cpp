#include "server/mailing/usage_text.h"

#include <stdexcept>
#include <utility>

#include "server/language/command_table.h"

namespace pbem::server {

namespace {

// Each row's usage by the row's name; a new row without its line here fails every test
// that words the table.
constexpr std::pair<std::string_view, Msg> kUsages[] = {
    {"help", Msg::UsageHelp},
    {"signup", Msg::UsageSignup},
    {"confirm", Msg::UsageConfirm},
    {"change password", Msg::UsageChangePassword},
    {"forgot", Msg::UsageForgot},
    {"reset", Msg::UsageReset},
    {"change address", Msg::UsageChangeAddress},
    {"signoff", Msg::UsageSignoff},
    {"export", Msg::UsageExport},
    {"delete", Msg::UsageDelete},
    {"list", Msg::UsageList},
    {"message", Msg::UsageMessage},
    {"set", Msg::UsageSet},
    {"block", Msg::UsageBlock},
    {"unblock", Msg::UsageUnblock},
    {"report", Msg::UsageReport},
    {"list unsubscribe", Msg::UsageListUnsubscribe},
    {"all show", Msg::UsageAllShow},
    {"all records", Msg::UsageAllRecords},
    {"multiple", Msg::UsageMultiple},
    {"game help", Msg::UsageGameHelp},
    {"challenge", Msg::UsageChallenge},
    {"move", Msg::UsageMove},
    {"swap", Msg::UsageSwap},
    {"resign", Msg::UsageResign},
    {"abort", Msg::UsageAbort},
    {"show", Msg::UsageShow},
    {"games", Msg::UsageGames},
    {"history", Msg::UsageHistory},
    {"record", Msg::UsageRecord},
    {"review", Msg::UsageReview},
    {"note", Msg::UsageNote},
    {"notes", Msg::UsageNotes},
    {"fork", Msg::UsageFork},
    {"chat", Msg::UsageChat},
    {"preview", Msg::UsagePreview},
    {"ratings", Msg::UsageRatings},
    {"vacation", Msg::UsageVacation},
    {"undo", Msg::UsageUndo},
    {"accept", Msg::UsageAccept},
    {"decline", Msg::UsageDecline},
    {"rematch", Msg::UsageRematch},
    {"invitations", Msg::UsageInvitations},
    {"conditional", Msg::UsageConditional},
    {"tournament new", Msg::UsageTournamentNew},
    {"join", Msg::UsageJoin},
    {"leave", Msg::UsageLeave},
    {"tournament start", Msg::UsageTournamentStart},
    {"tournament", Msg::UsageTournament},
    {"tournaments", Msg::UsageTournaments},
    {"league new", Msg::UsageLeagueNew},
    {"league join", Msg::UsageLeagueJoin},
    {"league leave", Msg::UsageLeagueLeave},
    {"league start", Msg::UsageLeagueStart},
    {"league", Msg::UsageLeague},
    {"leagues", Msg::UsageLeagues},
    {"ladder new", Msg::UsageLadderNew},
    {"ladder join", Msg::UsageLadderJoin},
    {"ladder leave", Msg::UsageLadderLeave},
    {"climb", Msg::UsageClimb},
    {"ladder", Msg::UsageLadder},
    {"ladders", Msg::UsageLadders},
    {"subscribe", Msg::UsageSubscribe},
    {"unsubscribe", Msg::UsageUnsubscribe},
};

std::string replace_game(std::string text, std::string_view game) {
  for (std::size_t at = 0; (at = text.find("<game>", at)) != std::string::npos; at += game.size())
    text.replace(at, 6, game);
  return text;
}

}  // namespace

Msg usage_message(const CommandSpec& spec) {
  for (const auto& [name, message] : kUsages)
    if (name == spec.name) return message;
  throw std::logic_error("the command '" + std::string(spec.name) + "' has no usage line");
}

std::string command_usage(const CommandSpec& spec, std::string_view game) {
  return replace_game(text(usage_message(spec)), game);
}

std::string command_usage(const UsageOf& usage) { return usage.row ? command_usage(*usage.row, usage.game) : ""; }

std::string all_usages(std::string_view game) {
  std::string out;
  for (const CommandSpec& spec : command_table()) out += "  " + command_usage(spec, game) + "\n";
  return out;
}

std::string game_usages(std::string_view game) {
  std::string out;
  for (const CommandSpec& spec : command_table())
    if (spec.for_game) out += "  " + command_usage(spec, game) + "\n";
  return out;
}

}  // namespace pbem::server
