#include "server/mailing/tournament_text.h"

#include <vector>

#include "engine/text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

tournament::Settings settings_of(const TournamentRecord& t) {
  return {t.format, t.double_round, t.rounds.value_or(0)};
}

std::string tournament_name(const TournamentRecord& t) { return "T#" + std::to_string(t.id) + " " + t.name; }

std::string format_words(tournament::Format format) {
  switch (format) {
    case tournament::Format::RoundRobin: return "round robin";
    case tournament::Format::Swiss: return "Swiss";
    case tournament::Format::Knockout: return "knockout";
  }
  return tournament::format_name(format);
}

std::string tournament_title(const TournamentRecord& t) {
  return tournament_name(t) + " (" + game_title(t.type) + ", " + format_words(t.format) + ")";
}

std::string game_settings_text(const std::string& game_options, int days_per_move,
                               const std::optional<std::string>& time_bank, bool weekends_off, bool rated) {
  std::vector<std::string> options;
  if (!game_options.empty()) options.push_back(game_options);
  options.push_back(time_bank ? "time bank " + *time_bank
                    : days_per_move ? std::to_string(days_per_move) + " days per move"
                                    : "no time limit");
  if (weekends_off) options.push_back("weekends off");
  options.push_back(rated ? "rated" : "unrated");
  return join(options, ", ");
}

std::string tournament_table_text(Database& db, const TournamentRecord& t) {
  Tournaments tournaments(db);
  const auto entrants = tournaments.entrants(t.id);
  std::string text = "Tournament " + tournament_title(t) + ", organised by " + t.organiser + ".\n";
  text += "Games: " + game_settings_text(t.game_options, t.days_per_move, t.time_bank, t.weekends_off, t.rated) +
          (t.double_round ? ", every pair twice" : "") + ".\n";
  if (t.status == "open") {
    text += "Open for entry, " + std::to_string(entrants.size()) + (entrants.size() == 1 ? " player" : " players") +
            " so far";
    std::vector<std::string> starts;
    if (t.players) starts.push_back("when " + std::to_string(*t.players) + " have joined");
    if (t.starts_at) starts.push_back("on " + t.starts_at->substr(0, 10) + " at 00:00 UTC");
    text += starts.empty() ? "; the organiser starts it.\n" : "; it starts " + join(starts, " or ") + ".\n";
    for (const tournament::Entrant& entrant : entrants) text += "    " + entrant.userid + "\n";
    text += "To join: " + t.type + " join " + std::to_string(t.id) + " <userid> <password>\n";
    return text;
  }
  if (t.status == "cancelled") return text + "Cancelled on " + t.ended_at.value_or("").substr(0, 10) + ".\n";
  if (t.status == "running")
    text += "Running: round " + std::to_string(t.round) +
            (t.format == tournament::Format::Swiss ? " of " + std::to_string(t.rounds.value_or(0)) : "") + ".\n";
  else
    text += "Finished on " + t.ended_at.value_or("").substr(0, 10) + ".\n";
  return text + "\n" +
         tournament::table_text(settings_of(t), entrants, tournaments.games(t.id), tournaments.byes(t.id));
}

}  // namespace pbem::server
