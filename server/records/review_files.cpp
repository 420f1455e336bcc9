#include "server/records/review_files.h"

#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "server/mailing/review_comments.h"
#include "server/records/record_files.h"
#include "server/records/sgf_record.h"

namespace pbem::server {

namespace {

// Chances to three places, so that the same review writes the same bytes everywhere.
double rounded(double chance) { return std::round(chance * 1000.0) / 1000.0; }

std::string property(std::string_view name, std::string_view value) {
  return std::string(name) + "[" + sgf_escaped(value) + "]";
}

std::string stem_of(const RecordSource& source) {
  return source.game.type + "-" + std::to_string(source.game.id) + "-review";
}

// The SGF nodes of the main line from ply index `from` on (board plies only: a
// resignation is no node, as in the record), a turning point's node branching into the
// line played and the computer's preferred ply.
std::string main_line(const RecordSource& source, const bot::Review& review, std::size_t from,
                      const std::map<int, const bot::TurningPoint*>& turning) {
  std::string sgf;
  for (std::size_t i = from; i < review.plies.size(); ++i) {
    const bot::PlyReview& ply = review.plies[i];
    if (ply.move == "resign") break;
    const std::string colour = ply.seat == 0 ? "B" : "W";
    const std::string comment = review_chance_comment(ply.first_win);
    const std::string node = ";" + property(colour, ply.move) + property("C", comment);
    if (const auto point = turning.find(ply.number); point != turning.end()) {
      const double best_for_mover = ply.seat == 0 ? ply.best_win : 1.0 - ply.best_win;
      return sgf + "\n(" + node + main_line(source, review, i + 1, turning) + ")\n(;" +
             property(colour, point->second->best) +
             property("C", review_choice_comment(source.players[static_cast<std::size_t>(ply.seat)].userid,
                                                 best_for_mover, best_for_mover - point->second->drop, ply.move)) +
             ")";
    }
    sgf += "\n" + node;
  }
  return sgf;
}

}  // namespace

std::string review_json(const RecordSource& source, const bot::Review& review) {
  nlohmann::ordered_json plies = nlohmann::ordered_json::array();
  nlohmann::ordered_json missed = nlohmann::ordered_json::array();
  for (const bot::PlyReview& ply : review.plies) {
    plies.push_back({{"ply", ply.number},
                     {"move", ply.move},
                     {"first_player_win", rounded(ply.first_win)},
                     {"best", ply.best},
                     {"best_win", rounded(ply.best_win)}});
    if (!ply.missed_wins.empty())
      missed.push_back({{"ply", ply.number}, {"played", ply.move}, {"winning", ply.missed_wins}});
  }
  nlohmann::ordered_json turning = nlohmann::ordered_json::array();
  for (const bot::TurningPoint& point : review.turning_points)
    turning.push_back({{"ply", point.number}, {"played", point.played}, {"best", point.best}, {"drop", rounded(point.drop)}});
  const nlohmann::ordered_json document = {{"format", "pbem-review/1"},
                                           {"game", source.game.type},
                                           {"number", source.game.id},
                                           {"players", {source.players[0].userid, source.players[1].userid}},
                                           {"playouts", review.playouts},
                                           {"plies", plies},
                                           {"turning_points", turning},
                                           {"missed_wins", missed}};
  return document.dump(2) + "\n";
}

std::string review_sgf(const RecordSource& source, const bot::Review& review) {
  const GameRecord& game = source.game;
  std::map<int, const bot::TurningPoint*> turning;
  for (const bot::TurningPoint& point : review.turning_points) turning[point.number] = &point;
  std::string sgf = "(;FF[4]CA[UTF-8]AP[pbem]";
  sgf += property("EV", game.options.empty() ? game.type : game.type + " " + game.options);
  sgf += property("GN", review_game_name(source.title, game.id));
  sgf += property("PB", source.players[0].userid) + property("PW", source.players[1].userid);
  sgf += property("DT", game.created_at.substr(0, 10));
  if (const std::string result = sgf_result(source); !result.empty()) sgf += property("RE", result);
  sgf += property("C", review_playouts_comment(review.playouts));
  return sgf + main_line(source, review, 0, turning) + ")\n";
}

std::vector<mail::Attachment> review_files(const RecordSource& source, const bot::Review& review) {
  return {{stem_of(source) + ".json", kJsonContentType, review_json(source, review)},
          {stem_of(source) + ".sgf", kSgfContentType, review_sgf(source, review)}};
}

}  // namespace pbem::server
