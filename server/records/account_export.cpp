#include "server/records/account_export.h"

#include <stdexcept>

#include "server/mailing/competition_text.h"
#include "server/play/competitions.h"
#include "server/records/json_record.h"
#include "server/records/record_source.h"
#include "server/storage/account_data.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace {

// Rows a statement reads at a time.
constexpr int kPage = 200;

using Json = nlohmann::ordered_json;

Json optional_text(const std::optional<std::string>& text) { return text ? Json(*text) : Json(nullptr); }

std::string on_off(bool on) { return on ? "on" : "off"; }

// Every page of `read(after, kPage)`, each row handed to `add`; `key` gives a row's page key.
template <typename Read, typename Key, typename Add>
void each_page(Read read, Key key, Add add) {
  std::int64_t after = 0;
  for (;;) {
    const auto rows = read(after, kPage);
    for (const auto& row : rows) add(row);
    if (static_cast<int>(rows.size()) < kPage) return;
    after = key(rows.back());
  }
}

Json account_part(const AccountData& data, std::int64_t user_id) {
  const auto row = data.account(user_id);
  if (!row) throw std::logic_error("no account " + std::to_string(user_id) + " to export");
  Json account;
  account["userid"] = row->userid;
  account["created"] = row->created_at;
  account["active"] = row->active;
  account["addresses"] = Json::array();
  for (const AccountAddress& address : data.addresses(user_id))
    account["addresses"].push_back({{"address", address.address}, {"confirmed", optional_text(address.confirmed_at)}});
  // Each setting as `set userid password <setting> <value>` takes it.
  account["settings"] = {{"pictures", on_off(row->pictures)},
                         {"movemail", on_off(row->movemail)},
                         {"autovacation", on_off(row->autovacation)},
                         {"digest", row->digest_hour ? std::to_string(*row->digest_hour) : "off"},
                         {"challenges", row->challenges},
                         {"messages", on_off(row->messages)},
                         {"announcements", on_off(row->announcements)},
                         {"records", on_off(row->records)},
                         {"board", row->board},
                         {"calendar", on_off(row->calendar)},
                         {"reviews", row->reviews_auto ? "auto" : "off"}};
  return account;
}

Json games_part(Database& db, const Competitions& competitions, const AccountData& data, std::int64_t user_id,
                const std::string& server_address) {
  Json games = Json::array();
  GameRecords records(db);
  each_page([&](std::int64_t after, int limit) { return data.game_ids(user_id, after, limit); },
            [](std::int64_t id) { return id; },
            [&](std::int64_t id) {
              const auto game = records.find(id);
              if (!game) return;
              games.push_back({{"invitation", optional_text(game->invitation)},
                               {"record", json_record(record_source(db, competitions, *game, server_address, user_id))}});
            });
  return games;
}

Json competition_entry(const AccountCompetition& row) {
  Json entry;
  entry["competition"] = competition_number(CompetitionOfGame{row.kind, row.id, row.name});
  entry["kind"] = row.kind;
  entry["game"] = row.game;
  entry["name"] = row.name;
  entry["status"] = row.status;
  entry["organiser"] = row.organiser;
  entry["member"] = row.member;
  if (row.kind == "tournament") entry["withdrawn"] = row.withdrawn;
  if (row.kind == "league") entry["leaving"] = row.leaving;
  if (row.kind == "ladder") {
    entry["rung"] = row.rung ? Json(*row.rung) : Json(nullptr);
    entry["since"] = optional_text(row.since);
  }
  return entry;
}

}  // namespace

nlohmann::ordered_json account_export(Database& db, const Competitions& competitions, std::int64_t user_id,
                                      const std::string& server_address, const std::string& exported_at) {
  const AccountData data(db);
  Json out;
  out["format"] = kExportFormat;
  out["server"] = server_address;
  out["exported"] = exported_at;
  out["account"] = account_part(data, user_id);
  out["games"] = games_part(db, competitions, data, user_id, server_address);
  out["ratings"] = Json::array();
  for (const AccountRating& rating : data.ratings(user_id))
    out["ratings"].push_back({{"game", rating.game},
                              {"rating", rating.rating},
                              {"deviation", rating.deviation},
                              {"games", rating.games},
                              {"won", rating.wins},
                              {"lost", rating.losses}});
  out["blocks"] = Json::array();
  each_page([&](std::int64_t after, int limit) { return data.blocks(user_id, after, limit); },
            [](const AccountBlock& row) { return row.blocked_id; },
            [&](const AccountBlock& row) { out["blocks"].push_back({{"userid", row.userid}, {"since", row.since}}); });
  out["vacations"] = Json::array();
  each_page([&](std::int64_t after, int limit) { return data.vacations(user_id, after, limit); },
            [](const AccountVacation& row) { return row.id; },
            [&](const AccountVacation& row) {
              out["vacations"].push_back({{"starts", row.starts_at},
                                          {"ends", row.ends_at},
                                          {"days", row.days},
                                          {"automatic", row.automatic}});
            });
  out["competitions"] = Json::array();
  for (const char* kind : {"tournament", "league", "ladder"})
    each_page([&](std::int64_t after, int limit) { return data.competitions(kind, user_id, after, limit); },
              [](const AccountCompetition& row) { return row.id; },
              [&](const AccountCompetition& row) { out["competitions"].push_back(competition_entry(row)); });
  Json watched = Json::array();
  each_page([&](std::int64_t after, int limit) { return data.watched_games(user_id, after, limit); },
            [](const AccountWatch& row) { return row.game_id; },
            [&](const AccountWatch& row) { watched.push_back({{"game", row.game_id}, {"since", row.since}}); });
  Json all = Json::array();
  for (const AccountWatch& row : data.watched_kinds(user_id)) all.push_back({{"game", row.kind}, {"since", row.since}});
  out["subscriptions"] = {{"games", watched}, {"all", all}};
  return out;
}

std::string account_export_text(Database& db, const Competitions& competitions, std::int64_t user_id,
                                const std::string& server_address, const std::string& exported_at) {
  return account_export(db, competitions, user_id, server_address, exported_at).dump(2) + "\n";
}

}  // namespace pbem::server
