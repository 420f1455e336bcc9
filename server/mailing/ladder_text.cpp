#include "server/mailing/ladder_text.h"

#include "server/mailing/reply_format.h"
#include "server/mailing/tournament_text.h"

namespace pbem::server {

std::string ladder_name(const LadderRecord& l) { return "L#" + std::to_string(l.id) + " " + l.name; }

std::string ladder_title(const LadderRecord& l) { return ladder_name(l) + " (" + game_title(l.type) + ")"; }

std::string ladder_result_words(const LadderGame& game) {
  if (!game.winner_id) return game.climber + " climbing " + game.target + ": aborted, no result";
  if (*game.winner_id == game.target_id) return game.climber + " lost to " + game.target + "; no rung changed";
  if (game.climbed_to)
    return game.climber + " beat " + game.target + " and took rung " + std::to_string(*game.climbed_to);
  return game.climber + " beat " + game.target + "; no rung changed (the rungs had moved meanwhile)";
}

std::string ladder_text(Database& db, const LadderRecord& l) {
  Ladders ladders(db);
  std::string text = "Ladder " + ladder_title(l) + ", organised by " + l.organiser + ".\n";
  text += "Games: " + game_settings_text(l.game_options, l.days_per_move, l.time_bank, l.weekends_off, l.rated) +
          ". A climb reaches " + std::to_string(l.reach) + (l.reach == 1 ? " rung" : " rungs") + " up.\n\n";

  Listing rungs;
  for (const LadderRung& rung : ladders.rungs(l.id, static_cast<int>(Listing::kMaxLines)))
    rungs.add(std::to_string(rung.rung) + ". " + rung.userid + "  (since " + rung.since.substr(0, 10) + ")");
  const int on_ladder = ladders.count_rungs(l.id);
  if (on_ladder > static_cast<int>(Listing::kMaxLines))
    rungs.add_unshown(static_cast<std::size_t>(on_ladder) - Listing::kMaxLines);
  text += "Rungs:\n" + rungs.text("    ", "    nobody yet\n");

  Listing open;
  for (const LadderGame& game : ladders.open_games(l.id, static_cast<int>(Listing::kMaxLines)))
    open.add("#" + std::to_string(game.game_id) + "  " + game.climber + " climbs " + game.target);
  text += "\nLadder games under way:\n" + open.text("    ", "    none\n");

  Listing results;
  for (const LadderGame& game : ladders.results(l.id, kLadderResultsShown))
    results.add(game.ended_at.value_or("").substr(0, 10) + "  #" + std::to_string(game.game_id) + "  " +
                ladder_result_words(game));
  text += "\nLast results:\n" + results.text("    ", "    none yet\n");
  return text;
}

std::string ladder_commands_text(const LadderRecord& l) {
  const std::string ref = "L#" + std::to_string(l.id);
  return "\nTo join: " + l.type + " join " + ref + " <userid> <password>\n" + "To climb: " + l.type + " climb " +
          ref + " <userid> <password> <target>  (at most " + std::to_string(l.reach) + " rungs above you)\n";
}

}  // namespace pbem::server
