#include "server/mailing/new_games_text.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/mailing/clock_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

std::string new_games_text(UnitOfWork& work, std::int64_t user_id, const std::string& userid,
                           const std::vector<GameRecord>& games) {
  if (games.empty()) return "";
  std::string text = "Your games:\n";
  std::string boards;
  for (const GameRecord& record : games) {
    const auto game = create_game(record.type, split_words(record.options));
    const bool first = record.players[0] == user_id;
    const std::string opponent = record.userids[first ? 1 : 0];
    text += "    #" + std::to_string(record.id) + "  against " + opponent + ": " +
            (first ? "you move first (" + colour_of(*game, 0) + ")"
                   : opponent + " moves first; you are " + colour_of(*game, 1)) +
            "\n";
    if (!first) continue;
    boards += "\n" + board_heading(record) + "\n\n" + game->render(RenderContext{record.userids}) + "\n" +
              "It is your move. Edit your password and move into this Subject and send it:\n\n    " + record.type +
              " move " + std::to_string(record.id) + " " + userid + " <password> \n";
    if (const std::string clock = clock_lines(work.db, record, *game, userid); !clock.empty())
      boards += "\n" + clock;
  }
  return text + boards;
}

}  // namespace pbem::server
