#include "server/records/json_record.h"

namespace pbem::server {

namespace {

// Missing times stay null rather than an empty string a reader would have to guess about.
nlohmann::ordered_json optional_text(const std::optional<std::string>& text) {
  return text ? nlohmann::ordered_json(*text) : nlohmann::ordered_json(nullptr);
}

}  // namespace

nlohmann::ordered_json json_record(const RecordSource& source) {
  const GameRecord& game = source.game;
  nlohmann::ordered_json record;
  record["format"] = "pbem-record/1";
  record["game"] = game.type;
  record["options"] = game.options;
  record["number"] = game.id;
  record["server"] = source.server;
  record["rated"] = game.rated;
  record["clock"] = clock_terms(game);
  record["players"] = nlohmann::ordered_json::array();
  for (const RecordPlayer& player : source.players)
    record["players"].push_back({{"userid", player.userid}, {"colour", player.colour}});
  record["started"] = game.created_at;
  record["ended"] = source.result ? optional_text(game.ended_at) : nlohmann::ordered_json(nullptr);
  if (source.result) {
    const auto& winner = source.result->winner_seat;
    record["result"] = {{"winner", winner ? nlohmann::ordered_json(source.players[static_cast<std::size_t>(*winner)].userid)
                                          : nlohmann::ordered_json(nullptr)},
                        {"reason", reason_name(source.result->reason)}};
  } else {
    record["result"] = nullptr;
  }
  record["plies"] = nlohmann::ordered_json::array();
  for (const RecordPly& ply : source.plies)
    record["plies"].push_back({{"ply", ply.ply},
                               {"move", ply.move},
                               {"player", source.players[static_cast<std::size_t>(ply.seat)].userid},
                               {"at", ply.at}});
  record["notes"] = nlohmann::ordered_json::array();
  for (const RecordNote& note : source.notes)
    record["notes"].push_back({{"ply", note.ply}, {"player", note.userid}, {"sealed", note.sealed}, {"text", note.text}});
  record["fork_of"] = source.fork_of ? nlohmann::ordered_json{{"game", source.fork_of->game}, {"ply", source.fork_of->ply}}
                                     : nlohmann::ordered_json(nullptr);
  record["competition"] = optional_text(source.competition);
  return record;
}

std::string json_record_text(const RecordSource& source) { return json_record(source).dump(2) + "\n"; }

}  // namespace pbem::server
