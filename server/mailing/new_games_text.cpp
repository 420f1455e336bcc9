#include "server/mailing/new_games_text.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

std::string new_games_text(UnitOfWork& work, std::int64_t user_id, const std::string& userid,
                           const std::vector<GameRecord>& games) {
  if (games.empty()) return "";
  std::string games_text = text(Msg::YourGamesHeading);
  std::string boards;
  for (const GameRecord& record : games) {
    const auto game = create_game(record.type, split_words(record.options));
    const bool first = record.players[0] == user_id;
    const std::string opponent = record.userids[first ? 1 : 0];
    games_text += first ? text(Msg::YourGameMovingFirst, {{"game", record.id}, {"opponent", opponent}, {"colour", colour_of(*game, 0)}})
                        : text(Msg::YourGameMovingSecond, {{"game", record.id}, {"opponent", opponent}, {"colour", colour_of(*game, 1)}});
    if (!first) continue;
    boards += "\n" + board_heading(record) + "\n\n" + game->render(RenderContext{record.userids}) + "\n" +
              text(Msg::NewGameMovePrompt, {{"type", record.type}, {"game", record.id}, {"userid", userid}});
    if (const std::string clock = clock_lines(work.db, record, *game, userid); !clock.empty())
      boards += "\n" + clock;
  }
  return games_text + boards;
}

}  // namespace pbem::server
