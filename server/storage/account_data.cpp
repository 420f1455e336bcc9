#include "server/storage/account_data.h"

namespace pbem::server {

std::optional<AccountRow> AccountData::account(std::int64_t user_id) const {
  auto query = db_.prepare(
      "SELECT userid, created_at, active, pictures, movemail, autovacation, messages, announcements, digest_hour, "
      "challenges, records, board, calendar, reviews_auto FROM users WHERE id = ?");
  query.bind(1, user_id);
  if (!query.step()) return std::nullopt;
  AccountRow row;
  row.userid = query.column_text(0);
  row.created_at = query.column_text(1);
  row.active = query.column_int(2) != 0;
  row.pictures = query.column_int(3) != 0;
  row.movemail = query.column_int(4) != 0;
  row.autovacation = query.column_int(5) != 0;
  row.messages = query.column_int(6) != 0;
  row.announcements = query.column_int(7) != 0;
  if (!query.column_is_null(8)) row.digest_hour = static_cast<int>(query.column_int(8));
  row.challenges = query.column_text(9);
  row.records = query.column_int(10) != 0;
  row.board = query.column_text(11);
  row.calendar = query.column_int(12) != 0;
  row.reviews_auto = query.column_int(13) != 0;
  return row;
}

std::vector<AccountAddress> AccountData::addresses(std::int64_t user_id) const {
  // An account has at most a few (CommandContext::kMaxAddresses); the limit only bounds it.
  auto query = db_.prepare(
      "SELECT address, confirmed_at FROM addresses WHERE user_id = ? ORDER BY position LIMIT 16");
  query.bind(1, user_id);
  std::vector<AccountAddress> out;
  while (query.step())
    out.push_back({query.column_text(0),
                   query.column_is_null(1) ? std::nullopt : std::optional<std::string>(query.column_text(1))});
  return out;
}

std::vector<std::int64_t> AccountData::game_ids(std::int64_t user_id, std::int64_t after, int limit) const {
  // Each side by its own index (games_by_player0, games_by_player1), the two merged.
  auto query = db_.prepare(
      "SELECT id FROM (SELECT id FROM games WHERE player0 = ?1 AND id > ?2 "
      "UNION SELECT id FROM games WHERE player1 = ?1 AND id > ?2) mine ORDER BY id LIMIT ?3");
  query.bind(1, user_id).bind(2, after).bind(3, limit);
  std::vector<std::int64_t> ids;
  while (query.step()) ids.push_back(query.column_int(0));
  return ids;
}

std::vector<AccountRating> AccountData::ratings(std::int64_t user_id) const {
  // One row per game type at most (the primary key is type and user).
  auto query = db_.prepare(
      "SELECT game_type, rating, deviation, games, wins, losses FROM ratings WHERE user_id = ? ORDER BY game_type "
      "LIMIT 64");
  query.bind(1, user_id);
  std::vector<AccountRating> out;
  while (query.step())
    out.push_back({query.column_text(0), query.column_double(1), query.column_double(2),
                   static_cast<int>(query.column_int(3)), static_cast<int>(query.column_int(4)),
                   static_cast<int>(query.column_int(5))});
  return out;
}

std::vector<AccountBlock> AccountData::blocks(std::int64_t user_id, std::int64_t after, int limit) const {
  auto query = db_.prepare(
      "SELECT b.blocked, u.userid, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked "
      "WHERE b.blocker = ? AND b.blocked > ? ORDER BY b.blocked LIMIT ?");
  query.bind(1, user_id).bind(2, after).bind(3, limit);
  std::vector<AccountBlock> out;
  while (query.step()) out.push_back({query.column_int(0), query.column_text(1), query.column_text(2)});
  return out;
}

std::vector<AccountVacation> AccountData::vacations(std::int64_t user_id, std::int64_t after, int limit) const {
  auto query = db_.prepare(
      "SELECT id, starts_at, ends_at, days, automatic FROM vacations WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?");
  query.bind(1, user_id).bind(2, after).bind(3, limit);
  std::vector<AccountVacation> out;
  while (query.step())
    out.push_back({query.column_int(0), query.column_text(1), query.column_text(2),
                   static_cast<int>(query.column_int(3)), query.column_int(4) != 0});
  return out;
}

namespace {

// Per kind: its table, the table of its members and the member's columns the export shows.
struct CompetitionTables {
  const char* table;
  const char* members;
  const char* member_key;  // the members' column naming the competition
  const char* status;      // the competition's state as a column expression
  const char* columns;     // withdrawn, leaving, rung, since of the member row m (NULL when none)
};

const CompetitionTables* tables_of(const std::string& kind) {
  static const CompetitionTables tournament{"tournaments", "tournament_entrants", "tournament_id", "c.status",
                                            "m.withdrawn, 0, NULL, NULL"};
  static const CompetitionTables league{"leagues", "league_members", "league_id", "c.status",
                                        "0, m.leaving, NULL, NULL"};
  static const CompetitionTables ladder{"ladders", "ladder_rungs", "ladder_id", "'running'",
                                        "0, 0, m.rung, m.since"};
  if (kind == "tournament") return &tournament;
  if (kind == "league") return &league;
  if (kind == "ladder") return &ladder;
  return nullptr;
}

}  // namespace

std::vector<AccountCompetition> AccountData::competitions(const std::string& kind, std::int64_t user_id,
                                                          std::int64_t after, int limit) const {
  const CompetitionTables* t = tables_of(kind);
  if (!t) return {};
  const std::string table = t->table, members = t->members, key = t->member_key;
  // The ids from the members' index by user and the competitions' by organiser, merged; then
  // each one's row and the account's member row, if any.
  auto query = db_.prepare(
      "SELECT c.id, c.type, c.name, " + std::string(t->status) +
      ", CASE WHEN c.organiser_id = ?1 THEN 1 ELSE 0 END, CASE WHEN m.user_id IS NULL THEN 0 ELSE 1 END, " +
      t->columns + " FROM (SELECT " + key + " AS id FROM " + members + " WHERE user_id = ?1 AND " + key +
      " > ?2 UNION SELECT id FROM " + table + " WHERE organiser_id = ?1 AND id > ?2 ORDER BY 1 LIMIT ?3) mine JOIN " +
      table + " c ON c.id = mine.id LEFT JOIN " + members + " m ON m." + key + " = c.id AND m.user_id = ?1 ORDER BY c.id");
  query.bind(1, user_id).bind(2, after).bind(3, limit);
  std::vector<AccountCompetition> out;
  while (query.step()) {
    AccountCompetition row;
    row.kind = kind;
    row.id = query.column_int(0);
    row.game = query.column_text(1);
    row.name = query.column_text(2);
    row.status = query.column_text(3);
    row.organiser = query.column_int(4) != 0;
    row.member = query.column_int(5) != 0;
    row.withdrawn = !query.column_is_null(6) && query.column_int(6) != 0;
    row.leaving = !query.column_is_null(7) && query.column_int(7) != 0;
    if (!query.column_is_null(8)) row.rung = static_cast<int>(query.column_int(8));
    if (!query.column_is_null(9)) row.since = query.column_text(9);
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<AccountWatch> AccountData::watched_games(std::int64_t user_id, std::int64_t after, int limit) const {
  auto query = db_.prepare(
      "SELECT game_id, created_at FROM watchers WHERE user_id = ? AND game_id > ? ORDER BY game_id LIMIT ?");
  query.bind(1, user_id).bind(2, after).bind(3, limit);
  std::vector<AccountWatch> out;
  while (query.step()) out.push_back({query.column_int(0), "", query.column_text(1)});
  return out;
}

std::vector<AccountWatch> AccountData::watched_kinds(std::int64_t user_id) const {
  // One row per game type at most (the primary key is type and user).
  auto query =
      db_.prepare("SELECT game_type, created_at FROM kind_watchers WHERE user_id = ? ORDER BY game_type LIMIT 64");
  query.bind(1, user_id);
  std::vector<AccountWatch> out;
  while (query.step()) out.push_back({0, query.column_text(0), query.column_text(1)});
  return out;
}

}  // namespace pbem::server
