#include "server/mailing/tournament_text.h"

#include <vector>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

tournament::Settings settings_of(const TournamentRecord& t) {
  return {t.format, t.double_round, t.rounds.value_or(0)};
}

std::string tournament_name(const TournamentRecord& t) { return "T#" + std::to_string(t.id) + " " + t.name; }

std::string format_words(tournament::Format format) {
  switch (format) {
    case tournament::Format::RoundRobin: return text(Msg::RoundRobinWords);
    case tournament::Format::Swiss: return text(Msg::SwissWord);
    case tournament::Format::Knockout: return text(Msg::KnockoutWord);
  }
  return tournament::format_name(format);
}

std::string tournament_title(const TournamentRecord& t) {
  return text(Msg::TournamentTitleWords,
              {{"tournament", tournament_name(t)}, {"title", game_title(t.type)}, {"format", format_words(t.format)}});
}

std::string game_settings_text(const std::string& game_options, int days_per_move,
                               const std::optional<std::string>& time_bank, bool weekends_off, bool rated) {
  std::vector<std::string> options;
  if (!game_options.empty()) options.push_back(game_options);
  options.push_back(time_bank       ? text(Msg::TimeBankWords, {{"bank", *time_bank}})
                    : days_per_move ? text(Msg::ClockDaysPerMove, {{"days", days_per_move}, {"weekends", ""}})
                                    : text(Msg::ClockNone));
  if (weekends_off) options.push_back(text(Msg::WeekendsOffWords));
  options.push_back(text(rated ? Msg::RatedWord : Msg::UnratedWord));
  return join(options, ", ");
}

const tournament::TableWords& table_words() {
  static const tournament::TableWords words{
      .losses_on_time = [](int n) { return text(Msg::TableLossesOnTime, {{"n", n}}); },
      .byes = [](int n) { return text(n == 1 ? Msg::TableOneBye : Msg::TableSeveralByes, {{"n", n}}); },
      .left = text(Msg::TableLeft),
      .sonneborn_berger = text(Msg::TableSonnebornBerger),
      .buchholz = text(Msg::TableBuchholz),
      .round = text(Msg::TableRoundReached),
      .won_on_time = text(Msg::TableWonOnTime),
      .round_heading = [](int round) { return text(Msg::TableRoundHeading, {{"round", round}}); },
      .bye_line = [](const std::string& userid) { return text(Msg::TableByeLine, {{"userid", userid}}); }};
  return words;
}

std::string players_words(std::size_t n) { return text(n == 1 ? Msg::OnePlayer : Msg::SeveralPlayers, {{"n", n}}); }

std::string tournament_table_text(Database& db, const TournamentRecord& t) {
  Tournaments tournaments(db);
  const auto entrants = tournaments.entrants(t.id);
  const std::string ended = t.ended_at.value_or("").substr(0, 10);
  std::string said = text(Msg::TournamentHeader, {{"title", tournament_title(t)}, {"organiser", t.organiser},
      {"terms", game_settings_text(t.game_options, t.days_per_move, t.time_bank, t.weekends_off, t.rated)},
      {"twice", t.double_round ? text(Msg::EveryPairTwice) : ""}});
  if (t.status == "open") {
    const std::string players = players_words(entrants.size());
    std::vector<std::string> starts;
    if (t.players) starts.push_back(text(Msg::StartsWhenJoined, {{"n", *t.players}}));
    if (t.starts_at) starts.push_back(text(Msg::StartsOnDate, {{"date", t.starts_at->substr(0, 10)}}));
    said += starts.empty() ? text(Msg::TournamentOpenOrganiserStarts, {{"players", players}})
                           : text(Msg::TournamentOpenStarts,
                                  {{"players", players}, {"when", join(starts, text(Msg::OrWord))}});
    for (const tournament::Entrant& entrant : entrants) said += "    " + entrant.userid + "\n";
    return said + text(Msg::TournamentToJoin, {{"type", t.type}, {"number", t.id}});
  }
  if (t.status == "cancelled") return said + text(Msg::TournamentCancelledOn, {{"date", ended}});
  if (t.status != "running") said += text(Msg::TournamentFinishedOn, {{"date", ended}});
  else if (t.format == tournament::Format::Swiss)
    said += text(Msg::TournamentRunningOf, {{"round", t.round}, {"rounds", t.rounds.value_or(0)}});
  else
    said += text(Msg::TournamentRunning, {{"round", t.round}});
  return said + "\n" +
         tournament::table_text(settings_of(t), entrants, tournaments.games(t.id), tournaments.byes(t.id), table_words());
}

}  // namespace pbem::server
