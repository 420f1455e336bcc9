#include "server/storage/game_records.h"

#include "server/storage/game_rows.h"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/storage/position_cache.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// A move from the row's first five columns: ply, move, colour, userid, played at (the
// moves table and the takebacks table hold them alike).
StoredMove move_from_row(Statement& row) {
  return {static_cast<int>(row.column_int(0)), row.column_text(1), static_cast<int>(row.column_int(2)),
          row.column_text(3), row.column_text(4)};
}

// The moves_digest of the game's plies `moves`, computed from them.
std::string digest_of(const GameRecord& record, const std::vector<StoredMove>& moves) {
  std::string digest = first_moves_digest(record.type, record.options);
  for (const StoredMove& move : moves) digest = next_moves_digest(digest, move.ply, move.colour, move.move);
  return digest;
}

// Whose turn it is after `position`: the user holding the colour to move, none once over.
std::optional<std::int64_t> player_to_move(const GameRecord& record, const Game& position) {
  if (position.over()) return std::nullopt;
  return record.players[static_cast<std::size_t>(position.to_move()) ^ (position.swapped() ? 1u : 0u)];
}

// The game after `moves` (in ply order) from its start. Throws std::runtime_error if a
// stored move no longer replays (a corrupt record must never be played on silently).
std::unique_ptr<Game> played(const GameRecord& record, const std::vector<StoredMove>& moves) {
  std::unique_ptr<Game> game = create_game(record.type, split_words(record.options));
  for (const StoredMove& move : moves) {
    PlyResult result = move.move == "resign" ? game->resign(move.colour) : game->play(move.move);
    if (!result.ok)
      throw std::runtime_error("game " + std::to_string(record.id) + " does not replay at ply " +
                               std::to_string(move.ply) + ": " + result.error);
  }
  return game;
}

// A user's userid: the records built here from what was written name their users as a
// read record does (kSelectGame joins users).
std::string userid_of(Database& db, std::int64_t user_id) {
  auto query = db.prepare("SELECT userid FROM users WHERE id = ?");
  query.bind(1, user_id);
  if (!query.step()) throw std::logic_error("there is no user " + std::to_string(user_id));
  return query.column_text(0);
}

}  // namespace

GameRecord GameRecords::create(const std::string& type, const std::string& options, std::int64_t player0,
                               std::int64_t player1, const std::string& thread_domain, bool rated,
                               int days_per_move, const std::optional<TimeBank>& bank, bool weekends_off,
                               const std::optional<InvitationTerms>& invitation) {
  const std::string now = now_iso8601();
  const std::string status = !invitation ? "active" : invitation->open_seat ? "open" : "invited";
  // An invitation has nobody to move until it starts (no clock, in no list of turns).
  auto insert = db_.prepare(
      "INSERT INTO games (type, options, player0, player1, status, plies, thread_id, created_at, updated_at, rated, "
      "days_per_move, time_bank, bank_limit_seconds, bank_increment_seconds, bank0_seconds, bank1_seconds, to_move, "
      "invited_by, lapses_at, rating_low, rating_high, open_seat, weekends_off) "
      "VALUES (?1, ?2, ?3, ?4, ?14, 0, '', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
      "?20, ?15, ?16, ?17, ?18, ?19, ?21)");
  insert.bind(1, type).bind(2, options).bind(3, player0).bind(4, player1).bind(5, now).bind(6, now).bind(7, rated);
  insert.bind(8, static_cast<std::int64_t>(days_per_move)).bind(21, weekends_off);
  if (bank) {
    insert.bind(9, bank->text).bind(10, bank->limit_seconds).bind(11, bank->increment_seconds);
    insert.bind(12, bank->seconds[0]).bind(13, bank->seconds[1]);
  } else {
    for (int column = 9; column <= 13; ++column) insert.bind(column, nullptr);
  }
  insert.bind(14, status);
  if (invitation) insert.bind(20, nullptr);
  else insert.bind(20, player0);  // colour 0 moves first
  if (invitation) {
    insert.bind(15, invitation->challenger).bind(16, invitation->lapses_at);
    if (invitation->rating_low) insert.bind(17, static_cast<std::int64_t>(*invitation->rating_low));
    else insert.bind(17, nullptr);
    if (invitation->rating_high) insert.bind(18, static_cast<std::int64_t>(*invitation->rating_high));
    else insert.bind(18, nullptr);
    if (invitation->open_seat) insert.bind(19, static_cast<std::int64_t>(*invitation->open_seat));
    else insert.bind(19, nullptr);
  } else {
    for (int column = 15; column <= 19; ++column) insert.bind(column, nullptr);
  }
  insert.run();
  // No winner, no plies, no clock: the defaults of a GameRecord, as inserted.
  GameRecord record;
  record.id = db_.last_insert_id();
  record.type = type;
  record.options = options;
  record.players = {player0, player1};
  record.userids = {userid_of(db_, player0), userid_of(db_, player1)};
  record.rated = rated;
  record.created_at = record.updated_at = now;
  record.days_per_move = days_per_move;
  record.bank = bank;
  record.weekends_off = weekends_off;
  if (invitation) {
    record.active = false;
    record.invitation = status;
    record.invited_by = invitation->challenger;
    record.lapses_at = invitation->lapses_at;
    record.rating_low = invitation->rating_low;
    record.rating_high = invitation->rating_high;
    record.open_seat = invitation->open_seat;
  } else {
    record.to_move = player0;  // colour 0 moves first
  }
  // The thread root names the game, so every client groups a game's mail together.
  record.thread_id = "pbem-game-" + std::to_string(record.id) + "." + type + "@" + thread_domain;
  auto thread = db_.prepare("UPDATE games SET thread_id = ?, moves_digest = ? WHERE id = ?");
  thread.bind(1, record.thread_id).bind(2, first_moves_digest(type, options)).bind(3, record.id);
  thread.run();
  return record;
}

std::optional<GameRecord> GameRecords::find(std::int64_t id) const {
  auto query = db_.prepare(std::string(kSelectGame) + "WHERE g.id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return record_from_row(query);
}

std::vector<StoredMove> GameRecords::moves(std::int64_t id) const {
  auto query = db_.prepare(
      "SELECT m.ply, m.move, m.colour, u.userid, m.created_at FROM moves m JOIN users u ON u.id = m.user_id "
      "WHERE m.game_id = ? ORDER BY m.ply");
  query.bind(1, id);
  std::vector<StoredMove> moves;
  while (query.step()) moves.push_back(move_from_row(query));
  return moves;
}

std::optional<std::string> GameRecords::moves_digest(std::int64_t id) const {
  auto query = db_.prepare("SELECT moves_digest FROM games WHERE id = ?");
  query.bind(1, id);
  return query.step() ? query.column_optional_text(0) : std::nullopt;
}

std::unique_ptr<Game> GameRecords::replay(const GameRecord& record, std::optional<int> up_to_ply) const {
  // The whole game comes from the cache when it can: the digest is read here, so it names
  // the plies the moves table holds now, whatever `record` was read before.
  std::optional<std::string> digest;
  if (!up_to_ply) {
    digest = moves_digest(record.id);
    if (digest)
      if (auto cached = PositionCache::process_wide().find(record.id, *digest)) return cached;
  }
  std::vector<StoredMove> plies = moves(record.id);
  if (up_to_ply)
    std::erase_if(plies, [&](const StoredMove& move) { return move.ply > *up_to_ply; });
  std::unique_ptr<Game> game = played(record, plies);
  // Kept only if no other writer changed the moves between the two reads (outside a
  // transaction they are two statements).
  if (digest && moves_digest(record.id) == digest) PositionCache::process_wide().keep(record.id, *digest, *game);
  return game;
}

GameRecord GameRecords::append(const GameRecord& record, const std::string& move, int colour, std::int64_t user_id,
                               const Game& after, const TurnClock& clock) {
  const std::string now = now_iso8601();
  auto insert = db_.prepare(
      "INSERT INTO moves (game_id, ply, move, colour, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  // The digest before this ply (a game stored before migration 020 computes it once).
  std::optional<std::string> stored_digest = moves_digest(record.id);
  const std::string previous = stored_digest ? *stored_digest : digest_of(record, moves(record.id));
  insert.bind(1, record.id).bind(2, after.ply_count()).bind(3, move).bind(4, colour).bind(5, user_id).bind(6, now);
  insert.run();
  const std::string digest = next_moves_digest(previous, after.ply_count(), colour, move);
  auto update = db_.prepare(
      "UPDATE games SET plies = ?, status = ?, winner_colour = ?, updated_at = ?, moves_digest = ?, to_move = ?, "
      "swapped = ? WHERE id = ?");
  update.bind(1, after.ply_count()).bind(2, after.over() ? "finished" : "active");
  if (after.winner()) update.bind(3, static_cast<std::int64_t>(*after.winner()));
  else update.bind(3, nullptr);
  update.bind(4, now).bind(5, digest).bind(6, player_to_move(record, after)).bind(7, after.swapped()).bind(8, record.id);
  update.run();
  // The next move of this game starts from here without a replay.
  PositionCache::process_wide().keep(record.id, digest, after);
  GameRecord stored = record;
  stored.plies = after.ply_count();
  stored.active = !after.over();
  stored.winner_colour = after.winner();
  stored.updated_at = now;
  if (after.over() && !stored.ended_at) stored.ended_at = now;  // as the trigger stamps it
  stored.to_move = player_to_move(record, after);
  stored.swapped = after.swapped();
  set_turn_clock(stored, after.over() ? TurnClock{} : clock);
  return stored;
}

void GameRecords::set_turn_clock(GameRecord& record, const TurnClock& clock) {
  auto update = db_.prepare("UPDATE games SET deadline_at = ?, remind_at = ? WHERE id = ?");
  update.bind(1, clock.deadline_at);
  update.bind(2, clock.remind_at);
  update.bind(3, record.id);
  update.run();
  record.deadline_at = clock.deadline_at;
  record.remind_at = clock.remind_at;
  if (!clock.banks || !record.bank) return;
  auto banks = db_.prepare("UPDATE games SET bank0_seconds = ?, bank1_seconds = ? WHERE id = ?");
  banks.bind(1, (*clock.banks)[0]).bind(2, (*clock.banks)[1]).bind(3, record.id);
  banks.run();
  record.bank->seconds = *clock.banks;
}

namespace {

// `record` as a game that ended at `now` is stored: over, nobody to move, no clock.
GameRecord ended(const GameRecord& record, const std::string& now) {
  GameRecord stored = record;
  stored.active = false;
  stored.to_move.reset();
  stored.deadline_at.reset();
  stored.remind_at.reset();
  stored.updated_at = now;
  // The trigger of schema 005/022 stamps ended_at once, when the game finishes.
  if (!stored.ended_at) stored.ended_at = now;
  return stored;
}

}  // namespace

GameRecord GameRecords::lose_on_time(const GameRecord& record, int winner_colour) {
  const std::string now = now_iso8601();
  auto update = db_.prepare(
      "UPDATE games SET status = 'finished', winner_colour = ?, end_reason = 'time', deadline_at = NULL, "
      "remind_at = NULL, updated_at = ?, to_move = NULL WHERE id = ? AND status = 'active'");
  update.bind(1, static_cast<std::int64_t>(winner_colour)).bind(2, now).bind(3, record.id);
  update.run();
  if (db_.changes() == 0) return record;  // it had ended already: nothing was written
  GameRecord stored = ended(record, now);
  stored.winner_colour = winner_colour;
  stored.lost_on_time = true;
  return stored;
}

GameRecord GameRecords::abort(const GameRecord& record, std::int64_t user_id, AbortCause cause) {
  const std::string now = now_iso8601();
  const bool never_moved = cause == AbortCause::NeverMoved;
  auto update = db_.prepare(
      "UPDATE games SET status = 'finished', winner_colour = NULL, aborted_by = ?, end_reason = ?, updated_at = ?, "
      "deadline_at = NULL, remind_at = NULL, to_move = NULL WHERE id = ?");
  update.bind(1, user_id).bind(2, never_moved ? "time" : nullptr).bind(3, now).bind(4, record.id);
  update.run();
  GameRecord stored = ended(record, now);
  stored.winner_colour.reset();
  stored.aborted_by = userid_of(db_, user_id);
  stored.never_moved = never_moved;
  return stored;
}

GameRecord GameRecords::void_game(const GameRecord& record) {
  const std::string now = now_iso8601();
  // A game over already keeps its ended_at and end_order (the trigger stamps only a game
  // that finishes now): the order of the others' ratings stays as it was.
  db_.prepare(
         "UPDATE games SET status = 'finished', winner_colour = NULL, rated = 0, verdict = 'void', updated_at = ?, "
         "deadline_at = NULL, remind_at = NULL, to_move = NULL WHERE id = ?")
      .bind_all(now, record.id)
      .run();
  GameRecord stored = ended(record, now);
  stored.winner_colour.reset();
  stored.rated = false;
  stored.voided = true;
  stored.adjudicated = false;
  stored.lost_on_time = false;
  return stored;
}

GameRecord GameRecords::adjudicate(const GameRecord& record, int winner_colour) {
  const std::string now = now_iso8601();
  db_.prepare(
         "UPDATE games SET status = 'finished', winner_colour = ?, verdict = 'adjudicated', updated_at = ?, "
         "deadline_at = NULL, remind_at = NULL, to_move = NULL WHERE id = ? AND status = 'active'")
      .bind_all(static_cast<std::int64_t>(winner_colour), now, record.id)
      .run();
  if (db_.changes() == 0) return record;  // not running: nothing was written
  GameRecord stored = ended(record, now);
  stored.winner_colour = winner_colour;
  stored.adjudicated = true;
  return stored;
}

bool GameRecords::has_moved(std::int64_t id, std::int64_t user_id) const {
  auto query = db_.prepare("SELECT 1 FROM moves WHERE game_id = ? AND user_id = ? LIMIT 1");
  query.bind(1, id).bind(2, user_id);
  return query.step();
}

StoredMove GameRecords::take_back_last(const GameRecord& record, std::int64_t proposal_id) {
  std::vector<StoredMove> all = moves(record.id);
  if (all.empty() || !record.active)
    throw std::logic_error("game " + std::to_string(record.id) + " has no ply to take back");
  const StoredMove last = all.back();
  all.pop_back();  // the plies that stay, whose digest the game now has
  const std::string now = now_iso8601();
  db_.prepare(
         "INSERT INTO takebacks (game_id, ply, move, colour, user_id, played_at, taken_back_at, proposal_id) "
         "SELECT game_id, ply, move, colour, user_id, created_at, CAST(? AS TEXT), CAST(? AS INTEGER) FROM moves "
         "WHERE game_id = ? AND ply = ?")
      .bind_all(now, proposal_id, record.id, last.ply)
      .run();
  db_.prepare("DELETE FROM moves WHERE game_id = ? AND ply = ?").bind_all(record.id, last.ply).run();
  // Whose turn it is again comes from the shorter game itself (a takeback of ply 2 undoes a
  // swap); kept in the cache, it is the position the caller's replay then finds.
  const std::unique_ptr<Game> position = played(record, all);
  const std::string digest = digest_of(record, all);
  db_.prepare("UPDATE games SET plies = ?, updated_at = ?, moves_digest = ?, to_move = ?, swapped = ? WHERE id = ?")
      .bind_all(last.ply - 1, now, digest, player_to_move(record, *position), position->swapped(), record.id)
      .run();
  PositionCache::process_wide().keep(record.id, digest, *position);
  return last;
}

std::vector<TakenBack> GameRecords::takebacks(std::int64_t id) const {
  auto query = db_.prepare(
      "SELECT t.ply, t.move, t.colour, u.userid, t.played_at, t.taken_back_at FROM takebacks t "
      "JOIN users u ON u.id = t.user_id WHERE t.game_id = ? ORDER BY t.rowid");
  query.bind(1, id);
  std::vector<TakenBack> found;
  while (query.step()) found.push_back({move_from_row(query), query.column_text(5)});
  return found;
}

void GameRecords::mark_rematch(std::int64_t id, std::int64_t of) {
  db_.prepare("UPDATE games SET rematch_of = ? WHERE id = ?").bind_all(of, id).run();
}

GameRecord GameRecords::begin_fork(const GameRecord& record, const GameRecord& source,
                                   const std::vector<StoredMove>& prefix, const Game& position) {
  std::string digest = first_moves_digest(record.type, record.options);
  auto insert = db_.prepare(
      "INSERT INTO moves (game_id, ply, move, colour, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  for (const StoredMove& move : prefix) {
    // Ply 1 is the first seat's, ply 2 the second's, whatever colour a swap gave them.
    const std::int64_t by = record.players[static_cast<std::size_t>((move.ply + 1) % 2)];
    // When it was played in `source`: the fork's record keeps the game's own times.
    insert.bind(1, record.id).bind(2, move.ply).bind(3, move.move).bind(4, move.colour).bind(5, by);
    insert.bind(6, move.created_at);
    insert.run();
    digest = next_moves_digest(digest, move.ply, move.colour, move.move);
  }
  GameRecord forked = record;
  forked.plies = static_cast<int>(prefix.size());
  forked.swapped = position.swapped();
  forked.fork_of_game = source.id;
  forked.fork_of_ply = forked.plies;
  if (forked.active) forked.to_move = player_to_move(record, position);
  db_.prepare("UPDATE games SET plies = ?, moves_digest = ?, swapped = ?, to_move = ?, fork_of_game = ?, "
              "fork_of_ply = ? WHERE id = ?")
      .bind_all(forked.plies, digest, forked.swapped, forked.to_move, source.id, forked.fork_of_ply, record.id)
      .run();
  PositionCache::process_wide().keep(record.id, digest, position);
  return forked;
}

std::optional<std::int64_t> GameRecords::rematch_of(std::int64_t of) const {
  auto query = db_.prepare("SELECT id FROM games WHERE rematch_of = ?");
  query.bind(1, of);
  if (!query.step()) return std::nullopt;
  return query.column_int(0);
}

}  // namespace pbem::server
