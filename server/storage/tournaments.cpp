#include "server/storage/tournaments.h"

#include <stdexcept>

#include "server/support/clock.h"

namespace pbem::server {

namespace {

constexpr const char* kSelectTournament =
    "SELECT t.id, t.type, t.name, t.organiser_id, u.userid, t.format, t.players, t.rounds, t.starts_at, "
    "t.double_round, t.game_options, t.rated, t.days_per_move, t.time_bank, t.status, t.round, t.created_at, "
    "t.started_at, t.ended_at, t.weekends_off FROM tournaments t JOIN users u ON u.id = t.organiser_id ";

std::optional<int> optional_int(Statement& row, int column) {
  const auto value = row.column_optional_int(column);
  if (!value) return std::nullopt;
  return static_cast<int>(*value);
}

TournamentRecord tournament_from_row(Statement& row) {
  TournamentRecord t;
  t.id = row.column_int(0);
  t.type = row.column_text(1);
  t.name = row.column_text(2);
  t.organiser_id = row.column_int(3);
  t.organiser = row.column_text(4);
  const auto format = tournament::format_named(row.column_text(5));
  if (!format) throw std::runtime_error("tournament " + std::to_string(t.id) + " has an unknown format");
  t.format = *format;
  t.players = optional_int(row, 6);
  t.rounds = optional_int(row, 7);
  t.starts_at = row.column_optional_text(8);
  t.double_round = row.column_int(9) != 0;
  t.game_options = row.column_text(10);
  t.rated = row.column_int(11) != 0;
  t.days_per_move = static_cast<int>(row.column_int(12));
  t.time_bank = row.column_optional_text(13);
  t.status = row.column_text(14);
  t.round = static_cast<int>(row.column_int(15));
  t.created_at = row.column_text(16);
  t.started_at = row.column_optional_text(17);
  t.ended_at = row.column_optional_text(18);
  t.weekends_off = row.column_int(19) != 0;
  return t;
}

}  // namespace

TournamentRecord Tournaments::create(const TournamentRecord& settings) {
  TournamentRecord t = settings;
  t.status = "open";
  t.round = 0;
  t.created_at = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO tournaments (type, name, organiser_id, format, players, rounds, starts_at, double_round, "
      "game_options, rated, days_per_move, time_bank, status, round, created_at, weekends_off) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, ?)");
  insert.bind(1, t.type).bind(2, t.name).bind(3, t.organiser_id).bind(4, tournament::format_name(t.format));
  insert.bind(5, t.players);
  insert.bind(6, t.rounds);
  insert.bind(7, t.starts_at);
  insert.bind(8, t.double_round).bind(9, t.game_options).bind(10, t.rated).bind(11, t.days_per_move);
  insert.bind(12, t.time_bank);
  insert.bind(13, t.created_at).bind(14, t.weekends_off);
  insert.run();
  t.id = db_.last_insert_id();
  return t;
}

std::optional<TournamentRecord> Tournaments::find(std::int64_t id) const {
  auto query = db_.prepare(std::string(kSelectTournament) + "WHERE t.id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return tournament_from_row(query);
}

std::vector<TournamentRecord> Tournaments::recent(const std::string& type, const std::string& ended_since) const {
  auto query = db_.prepare(std::string(kSelectTournament) +
                           "WHERE t.type = ? AND (t.status IN ('open', 'running') OR t.ended_at >= ?) "
                           "ORDER BY t.id DESC");
  query.bind(1, type).bind(2, ended_since);
  std::vector<TournamentRecord> found;
  while (query.step()) found.push_back(tournament_from_row(query));
  return found;
}

int Tournaments::count_open_by(std::int64_t user_id) const {
  auto query = db_.prepare("SELECT count(*) FROM tournaments WHERE organiser_id = ? AND status = 'open'");
  query.bind(1, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

int Tournaments::held_against_computer(std::int64_t user_id) const {
  auto query = db_.prepare(
      "SELECT COALESCE(sum(CASE WHEN t.status = 'open' THEN 1 + t.double_round "
      "WHEN t.format = 'roundrobin' THEN 0 "
      "ELSE 1 - (SELECT count(*) FROM tournament_games tg JOIN games g ON g.id = tg.game_id "
      "WHERE tg.tournament_id = t.id AND g.status = 'active' "
      "AND ((g.player0 = ?1 AND g.player1 = c.id) OR (g.player0 = c.id AND g.player1 = ?1))) END), 0) "
      "FROM tournament_entrants me JOIN tournaments t ON t.id = me.tournament_id "
      "JOIN tournament_entrants it ON it.tournament_id = me.tournament_id AND it.withdrawn = 0 "
      "JOIN users c ON c.id = it.user_id AND c.computer = 1 "
      "WHERE me.user_id = ?1 AND me.withdrawn = 0 AND t.status IN ('open', 'running')");
  query.bind(1, user_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

std::vector<std::int64_t> Tournaments::due_to_start(const std::string& now_iso) const {
  auto query = db_.prepare(
      "SELECT id FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL AND starts_at <= ? "
      "ORDER BY starts_at, id");
  query.bind(1, now_iso);
  std::vector<std::int64_t> ids;
  while (query.step()) ids.push_back(query.column_int(0));
  return ids;
}

std::vector<tournament::Entrant> Tournaments::entrants(std::int64_t id) const {
  auto query = db_.prepare(
      "SELECT e.user_id, u.userid, e.rating, e.entry_order, e.withdrawn FROM tournament_entrants e "
      "JOIN users u ON u.id = e.user_id WHERE e.tournament_id = ? ORDER BY e.entry_order");
  query.bind(1, id);
  std::vector<tournament::Entrant> entrants;
  while (query.step()) {
    tournament::Entrant entrant;
    entrant.user_id = query.column_int(0);
    entrant.userid = query.column_text(1);
    if (!query.column_is_null(2)) entrant.rating = query.column_double(2);
    entrant.entry_order = static_cast<int>(query.column_int(3));
    entrant.withdrawn = query.column_int(4) != 0;
    entrants.push_back(std::move(entrant));
  }
  return entrants;
}

void Tournaments::add_entrant(std::int64_t id, std::int64_t user_id) {
  auto insert = db_.prepare(
      "INSERT INTO tournament_entrants (tournament_id, user_id, entry_order) "
      "SELECT ?1, ?2, coalesce(max(entry_order), 0) + 1 FROM tournament_entrants WHERE tournament_id = ?1");
  insert.bind(1, id).bind(2, user_id);
  insert.run();
}

bool Tournaments::remove_entrant(std::int64_t id, std::int64_t user_id) {
  auto remove = db_.prepare("DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?");
  remove.bind(1, id).bind(2, user_id);
  remove.run();
  return db_.changes() > 0;
}

int Tournaments::remove_from_open(std::int64_t user_id) {
  auto remove = db_.prepare(
      "DELETE FROM tournament_entrants WHERE user_id = ? AND tournament_id IN "
      "(SELECT id FROM tournaments WHERE status = 'open')");
  remove.bind(1, user_id);
  remove.run();
  return db_.changes();
}

void Tournaments::set_start_rating(std::int64_t id, std::int64_t user_id, double rating) {
  auto update = db_.prepare("UPDATE tournament_entrants SET rating = ? WHERE tournament_id = ? AND user_id = ?");
  update.bind(1, rating).bind(2, id).bind(3, user_id);
  update.run();
}

void Tournaments::withdraw(std::int64_t id, std::int64_t user_id) {
  auto update = db_.prepare("UPDATE tournament_entrants SET withdrawn = 1 WHERE tournament_id = ? AND user_id = ?");
  update.bind(1, id).bind(2, user_id);
  update.run();
}

int Tournaments::withdraw_from_running(std::int64_t user_id) {
  auto update = db_.prepare(
      "UPDATE tournament_entrants SET withdrawn = 1 WHERE user_id = ? AND withdrawn = 0 AND tournament_id IN "
      "(SELECT id FROM tournaments WHERE status = 'running')");
  update.bind(1, user_id);
  update.run();
  return db_.changes();
}

void Tournaments::start(std::int64_t id, std::optional<int> rounds) {
  auto update = db_.prepare(
      "UPDATE tournaments SET status = 'running', started_at = ?, rounds = ? WHERE id = ? AND status = 'open'");
  update.bind(1, now_iso8601());
  update.bind(2, rounds);
  update.bind(3, id);
  update.run();
  if (db_.changes() != 1) throw std::logic_error("tournament " + std::to_string(id) + " is not open");
}

bool Tournaments::begin_round(std::int64_t id, int from) {
  auto update = db_.prepare("UPDATE tournaments SET round = ? WHERE id = ? AND round = ? AND status = 'running'");
  update.bind(1, from + 1).bind(2, id).bind(3, from);
  update.run();
  return db_.changes() == 1;
}

void Tournaments::end(std::int64_t id, const std::string& status) {
  auto update = db_.prepare("UPDATE tournaments SET status = ?, ended_at = ? WHERE id = ?");
  update.bind(1, status).bind(2, now_iso8601()).bind(3, id);
  update.run();
}

void Tournaments::add_game(std::int64_t id, int round, std::int64_t game_id) {
  auto insert = db_.prepare("INSERT INTO tournament_games (game_id, tournament_id, round) VALUES (?, ?, ?)");
  insert.bind(1, game_id).bind(2, id).bind(3, round);
  insert.run();
}

void Tournaments::add_bye(std::int64_t id, int round, std::int64_t user_id) {
  auto insert = db_.prepare("INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)");
  insert.bind(1, id).bind(2, round).bind(3, user_id);
  insert.run();
}

void Tournaments::set_winner(std::int64_t game_id, std::int64_t winner_id) {
  auto update = db_.prepare("UPDATE tournament_games SET winner_id = ? WHERE game_id = ?");
  update.bind(1, winner_id).bind(2, game_id);
  update.run();
}

std::vector<tournament::PlayedGame> Tournaments::games(std::int64_t id) const {
  auto query = db_.prepare(
      "SELECT tg.game_id, tg.round, g.player0, g.player1, tg.winner_id, g.end_reason FROM tournament_games tg "
      "JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = ? ORDER BY tg.round, tg.game_id");
  query.bind(1, id);
  std::vector<tournament::PlayedGame> games;
  while (query.step()) {
    tournament::PlayedGame game;
    game.game_id = query.column_int(0);
    game.round = static_cast<int>(query.column_int(1));
    game.first = query.column_int(2);
    game.second = query.column_int(3);
    game.winner = query.column_optional_int(4);
    game.finished = game.winner.has_value();
    game.on_time = query.column_optional_text(5) == std::optional<std::string>("time");
    games.push_back(game);
  }
  return games;
}

std::vector<tournament::Bye> Tournaments::byes(std::int64_t id) const {
  auto query = db_.prepare("SELECT round, user_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round, user_id");
  query.bind(1, id);
  std::vector<tournament::Bye> byes;
  while (query.step()) byes.push_back({static_cast<int>(query.column_int(0)), query.column_int(1)});
  return byes;
}

std::optional<TournamentOfGame> Tournaments::of_game(std::int64_t game_id) const {
  auto query = db_.prepare(
      "SELECT t.id, t.name, tg.round FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament_id "
      "WHERE tg.game_id = ?");
  query.bind(1, game_id);
  if (!query.step()) return std::nullopt;
  return TournamentOfGame{query.column_int(0), query.column_text(1), static_cast<int>(query.column_int(2))};
}

}  // namespace pbem::server
