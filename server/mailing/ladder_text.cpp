#include "server/mailing/ladder_text.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/tournament_text.h"

namespace pbem::server {

std::string ladder_name(const LadderRecord& l) { return "L#" + std::to_string(l.id) + " " + l.name; }

std::string ladder_title(const LadderRecord& l) {
  return text(Msg::LadderTitleWords, {{"ladder", ladder_name(l)}, {"title", game_title(l.type)}});
}

std::string ladder_result_words(const LadderGame& game) {
  const Msg words = !game.winner_id                     ? Msg::LadderClimbAborted
                    : *game.winner_id == game.target_id ? Msg::LadderClimbLost
                    : game.climbed_to                   ? Msg::LadderClimbWon
                                                        : Msg::LadderClimbWonTooLate;
  std::vector<Arg> args{{"climber", game.climber}, {"target", game.target}};
  if (words == Msg::LadderClimbWon) args.emplace_back("rung", *game.climbed_to);
  return text(words, args);
}

std::string ladder_text(Database& db, const LadderRecord& l) {
  Ladders ladders(db);
  std::string said = text(Msg::LadderHeader, {{"title", ladder_title(l)}, {"organiser", l.organiser},
      {"terms", game_settings_text(l.game_options, l.days_per_move, l.time_bank, l.weekends_off, l.rated)},
      {"reach", text(l.reach == 1 ? Msg::OneRung : Msg::SeveralRungs, {{"n", l.reach}})}});

  Listing rungs;
  for (const LadderRung& rung : ladders.rungs(l.id, static_cast<int>(Listing::kMaxLines)))
    rungs.add(text(Msg::LadderRungLine,
                   {{"rung", rung.rung}, {"userid", rung.userid}, {"since", rung.since.substr(0, 10)}}));
  const int on_ladder = ladders.count_rungs(l.id);
  if (on_ladder > static_cast<int>(Listing::kMaxLines))
    rungs.add_unshown(static_cast<std::size_t>(on_ladder) - Listing::kMaxLines);
  said += text(Msg::LadderRungsHeading) + rungs.text("    ", text(Msg::NobodyYetIndented));

  Listing open;
  for (const LadderGame& game : ladders.open_games(l.id, static_cast<int>(Listing::kMaxLines)))
    open.add(text(Msg::LadderOpenGameLine,
                  {{"game", game.game_id}, {"climber", game.climber}, {"target", game.target}}));
  said += text(Msg::LadderGamesHeading) + open.text("    ", text(Msg::NoneIndented));

  Listing results;
  for (const LadderGame& game : ladders.results(l.id, kLadderResultsShown))
    results.add(text(Msg::LadderResultLine, {{"date", game.ended_at.value_or("").substr(0, 10)},
                                             {"game", game.game_id}, {"result", ladder_result_words(game)}}));
  return said + text(Msg::LadderResultsHeading) + results.text("    ", text(Msg::NoneYetIndented));
}

std::string ladder_commands_text(const LadderRecord& l) {
  return text(Msg::LadderCommands, {{"type", l.type}, {"ladder", l.id}, {"reach", l.reach}});
}

}  // namespace pbem::server
