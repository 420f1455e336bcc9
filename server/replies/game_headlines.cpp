#include "server/replies/game_headlines.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

std::string new_game_headline(const std::string& type, const Game& game, const std::string& first,
                              const std::string& second) {
  return text(Msg::NewGameHeadline, {{"title", game_title(type)},
                                     {"first", first},
                                     {"first_colour", colour_of(game, 0)},
                                     {"second", second},
                                     {"second_colour", colour_of(game, 1)}});
}

std::string unwanted_game_note(const std::string& type, std::int64_t game, const std::string& player) {
  return text(Msg::UnwantedGameNote, {{"type", type}, {"game", game}, {"player", player}});
}

std::string ply_headline(const std::string& player, const Game& game, int colour, const std::string& ply, int number) {
  return text(Msg::PlyHeadline,
              {{"player", player}, {"colour", colour_of(game, colour)}, {"ply", game.describe_ply(ply)}, {"number", number}});
}

std::string swap_headline(const std::string& player, const Game& game, const std::string& other) {
  return text(Msg::SwapHeadline, {{"player", player},
                                  {"first_colour", colour_of(game, 0)},
                                  {"other", other},
                                  {"second_colour", colour_of(game, 1)}});
}

std::string resigned_headline(const std::string& player, const Game& game, int colour, const std::string& cancelled) {
  return text(Msg::ResignedHeadline, {{"player", player}, {"colour", colour_of(game, colour)}, {"cancelled", cancelled}});
}

std::string ply_answered_lead(const std::string& player, const Game& game, const std::string& ply, int number) {
  return text(Msg::PlyAnsweredLead, {{"player", player}, {"ply", game.describe_ply(ply)}, {"number", number}});
}

}  // namespace pbem::server
