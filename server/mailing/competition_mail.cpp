#include "server/mailing/competition_mail.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/ladder_text.h"
#include "server/mailing/league_text.h"
#include "server/mailing/tournament_text.h"

namespace pbem::server {

namespace {

std::string move_sentence(const tournament::PlayerMove& move) {
  using tournament::LeagueMove;
  switch (move.move) {
    case LeagueMove::Up: return text(Msg::LeagueMoveUp, {{"division", move.to}});
    case LeagueMove::Down: return text(Msg::LeagueMoveDown, {{"division", move.to}});
    case LeagueMove::Stayed: return text(Msg::LeagueStay, {{"division", move.to}});
    case LeagueMove::Left: return text(Msg::LeagueLeave);
    case LeagueMove::New: return "";
  }
  return "";
}

}  // namespace

std::string season_begun_text(const LeagueRecord& l, const CompetitionOfGame& of, const std::string& games) {
  return competition_heading(of) + text(Msg::LeagueSeasonBegun, {{"season", of.season.value_or(0)},
              {"division", of.division.value_or(0)}, {"games", games}, {"type", l.type}, {"league", l.id}});
}

ReplyWords first_season_mail(const LeagueRecord& l, const std::string& season) {
  return {text(Msg::LeagueSeasonBeginsSubject, {{"league", league_name(l)}, {"season", l.season + 1}}),
          text(Msg::LeaguePlacedByRating, {{"title", league_title(l)}, {"season", season}})};
}

ReplyWords season_end_mail(const LeagueRecord& l, const tournament::PlayerMove& move, const std::string& table,
                           const std::optional<std::string>& next_season, int players, int least) {
  ReplyWords mail;
  if (move.from) {
    mail.subject = text(Msg::LeagueSeasonOverSubject, {{"league", league_name(l)}, {"season", l.season}});
    mail.text = text(Msg::LeagueSeasonOver, {{"season", l.season}, {"title", league_title(l)}, {"division", move.from},
                                             {"table", table}, {"move", move_sentence(move)}});
  } else {
    mail.subject = text(Msg::LeagueSeasonBeginsSubject, {{"league", league_name(l)}, {"season", l.season + 1}});
    mail.text = text(Msg::LeagueYouJoined, {{"title", league_title(l)}});
  }
  if (move.to && next_season) mail.text += "\n" + *next_season;
  if (move.to && !next_season)
    mail.text += text(Msg::LeagueWaitsForPlayers, {{"players", players}, {"least", least}, {"organiser", l.organiser},
                                                   {"type", l.type}, {"league", l.id}});
  return mail;
}

ReplyWords round_mail(const TournamentRecord& t, int round, bool bye, const std::string& games) {
  return {text(Msg::TournamentRoundSubject, {{"tournament", tournament_name(t)}, {"round", round}}),
          text(Msg::TournamentRoundBegun, {{"round", round}, {"title", tournament_title(t)},
                                           {"bye", bye ? text(Msg::TournamentBye) : ""}, {"games", games},
                                           {"type", t.type}, {"number", t.id}})};
}

ReplyWords final_table_mail(const TournamentRecord& t, const std::string& winner, const std::string& table) {
  return {text(Msg::TournamentFinalTableSubject, {{"tournament", tournament_name(t)}}),
          winner.empty() ? text(Msg::TournamentOver, {{"title", tournament_title(t)}, {"table", table}})
                         : text(Msg::TournamentWon, {{"title", tournament_title(t)}, {"winner", winner}, {"table", table}})};
}

ReplyWords cancelled_mail(const TournamentRecord& t, std::size_t entrants, int least) {
  return {text(Msg::TournamentCancelledSubject, {{"tournament", tournament_name(t)}}),
          text(Msg::TournamentCancelled, {{"title", tournament_title(t)}, {"date", t.starts_at.value_or("").substr(0, 10)},
               {"players", players_words(entrants)}, {"least", least}})};
}

std::string climb_headline(const std::string& type, std::int64_t game, const std::string& climber,
                           const std::string& climber_colour, const std::string& target,
                           const std::string& target_colour) {
  return text(Msg::LadderGameHeadline, {{"title", game_title(type)}, {"game", game}, {"climber", climber},
              {"climber_colour", climber_colour}, {"target", target}, {"target_colour", target_colour}});
}

ReplyWords climb_over_mail(const Config& config, const LadderRecord& l, const LadderGame& ended,
                           std::optional<int> rung, std::size_t rungs) {
  return {text(Msg::LadderGameOverSubject, {{"ladder", ladder_name(l)}, {"game", ended.game_id}}),
          text(Msg::LadderGameOver,
               {{"title", ladder_title(l)}, {"game", ended.game_id}, {"result", ladder_result_words(ended)},
                {"rung", rung ? text(Msg::LadderRungNow, {{"rung", *rung}, {"rungs", rungs}}) : text(Msg::LadderOffNow)},
                {"type", l.type}, {"number", l.id}, {"link", web_link(config, "/ladders/" + std::to_string(l.id))}})};
}

}  // namespace pbem::server
