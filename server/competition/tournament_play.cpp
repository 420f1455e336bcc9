#include "server/competition/tournament_play.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/competition/competition_game.h"
#include "server/play/seats.h"
#include "server/mailing/competition_mail.h"
#include "server/mailing/new_games_text.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/tournament_text.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// A mail about tournament `t` to every confirmed address of `user_id` (the computer has
// none and gets nothing), ending with the link to the tournament's page when the web window
// has an address.
void mail_user(UnitOfWork& work, const TournamentRecord& t, std::int64_t user_id, const std::string& subject,
               const std::string& text) {
  mail_competitor(work, user_id, "/tournaments/" + std::to_string(t.id), subject, text);
}

// The entrants and the organiser, each once.
std::vector<std::int64_t> everyone_of(const TournamentRecord& t, const std::vector<tournament::Entrant>& entrants) {
  std::vector<std::int64_t> ids;
  for (const tournament::Entrant& entrant : entrants) ids.push_back(entrant.user_id);
  if (std::find(ids.begin(), ids.end(), t.organiser_id) == ids.end()) ids.push_back(t.organiser_id);
  return ids;
}

// A new game of round `round` between the pairing's players, with the tournament's options
// and clock, its first player's clock running.
GameRecord create_round_game(UnitOfWork& work, const TournamentRecord& t, int round,
                             const tournament::Pairing& pairing) {
  const GameRecord record =
      create_competition_game(work, {t.type, t.game_options, t.rated, t.days_per_move, t.time_bank, t.weekends_off}, pairing);
  Tournaments(work.db).add_game(t.id, round, record.id);
  return record;
}

void announce_round(UnitOfWork& work, const TournamentRecord& t, const tournament::Round& round,
                    const std::vector<GameRecord>& games) {
  for (const tournament::Entrant& entrant : Tournaments(work.db).entrants(t.id)) {
    std::vector<GameRecord> own;
    for (const GameRecord& record : games)
      if (record.players[0] == entrant.user_id || record.players[1] == entrant.user_id) own.push_back(record);
    const bool bye = std::find(round.byes.begin(), round.byes.end(), entrant.user_id) != round.byes.end();
    if (own.empty() && !bye) continue;
    // Their games, with the board and the Subject to edit where they move first, or their bye.
    const ReplyWords mail = round_mail(t, round.number, bye, new_games_text(work, entrant.user_id, entrant.userid, own));
    mail_user(work, t, entrant.user_id, mail.subject, mail.text);
  }
}

void finish_tournament(UnitOfWork& work, const TournamentRecord& t) {
  Tournaments tournaments(work.db);
  tournaments.end(t.id, "finished");
  work.record(event::TournamentEnded{t.id});
  const auto entrants = tournaments.entrants(t.id);
  const auto table = tournament::standings(settings_of(t), entrants, tournaments.games(t.id), tournaments.byes(t.id));
  const std::string winner = table.empty() ? "" : table.front().userid;
  const ReplyWords mail = final_table_mail(t, winner, tournament_table_text(work.db, *tournaments.find(t.id)));
  for (std::int64_t id : everyone_of(t, entrants)) mail_user(work, t, id, mail.subject, mail.text);
}

bool round_is_over(const std::vector<tournament::PlayedGame>& games, int round) {
  return std::all_of(games.begin(), games.end(),
                     [round](const tournament::PlayedGame& game) { return game.round != round || game.finished; });
}

// Begins the rounds that are due now: the next one, or the end of the tournament. A round
// of byes alone (a knockout where the others left) is over at once, so this goes on.
void advance(UnitOfWork& work, std::int64_t id) {
  Tournaments tournaments(work.db);
  for (;;) {
    const auto t = tournaments.find(id);
    if (!t || t->status != "running") return;
    const auto games = tournaments.games(id);
    if (!round_is_over(games, t->round)) return;
    const auto round = tournament::next_round(settings_of(*t), tournaments.entrants(id), games, tournaments.byes(id));
    if (!round) return finish_tournament(work, *t);
    if (round->number != t->round + 1)
      throw std::logic_error("tournament " + std::to_string(id) + " would begin round " +
                             std::to_string(round->number) + " after round " + std::to_string(t->round));
    // The guard of "a round exists exactly once": the round number moves in this transaction.
    if (!tournaments.begin_round(id, t->round)) return;
    work.record(event::RoundStarted{id, round->number});
    std::vector<GameRecord> created;
    for (const tournament::Pairing& pairing : round->games)
      created.push_back(create_round_game(work, *t, round->number, pairing));
    for (std::int64_t user_id : round->byes) tournaments.add_bye(id, round->number, user_id);
    announce_round(work, *t, *round, created);
    if (!round->games.empty()) return;
  }
}

}  // namespace

int minimum_entrants(tournament::Format format) {
  switch (format) {
    case tournament::Format::RoundRobin: return 3;
    case tournament::Format::Swiss: return 4;
    case tournament::Format::Knockout: return 2;
  }
  return 2;
}

int maximum_entrants(tournament::Format format) {
  constexpr int kMaxRoundRobinEntrants = 16;
  return format == tournament::Format::RoundRobin ? kMaxRoundRobinEntrants : kMaxEntrants;
}

std::variant<TournamentJoined, TournamentJoinRefusal> enter_tournament(UnitOfWork& work, const TournamentRecord& t,
                                                                       const Account& player) {
  if (t.status != "open") return TournamentRefusal{tournament_refusal::EntryClosed{t.id, t.status}};
  if (!player.computer && player.confirmed.empty()) return EntrantRefusal::Unconfirmed;
  if (!player.active) return EntrantRefusal::SignedOff;
  Tournaments tournaments(work.db);
  const auto entrants = tournaments.entrants(t.id);
  const auto is_player = [&](const tournament::Entrant& e) { return e.user_id == player.id; };
  if (std::any_of(entrants.begin(), entrants.end(), is_player))
    return TournamentRefusal{tournament_refusal::AlreadyJoined{player.userid, t.id}};
  const int cap = std::min(t.players.value_or(kMaxEntrants), maximum_entrants(t.format));
  if (static_cast<int>(entrants.size()) >= cap) return TournamentRefusal{tournament_refusal::Full{t.id, cap}};
  if (auto refused = game_limits_refusal(work, player, player)) return *refused;
  const int games = t.double_round ? 2 : 1;  // what a pair will play at the start
  for (const tournament::Entrant& entrant : entrants) {
    const Account other = *work.accounts.find_by_id(entrant.user_id);
    std::optional<GameLimitRefusal> refused;
    if (player.computer && !other.computer) refused = computer_games_refusal(work, other, games);
    if (!player.computer && other.computer) refused = computer_games_refusal(work, player, games);
    if (refused) return *refused;
  }
  tournaments.add_entrant(t.id, player.id);
  const int now_entered = static_cast<int>(entrants.size()) + 1;
  return TournamentJoined{now_entered, t.players && now_entered == *t.players};
}

void start_tournament(UnitOfWork& work, const TournamentRecord& t) {
  Tournaments tournaments(work.db);
  const auto entrants = tournaments.entrants(t.id);
  for (const tournament::Entrant& entrant : entrants) {
    const auto rating = work.ratings.find(t.type, entrant.user_id);
    tournaments.set_start_rating(t.id, entrant.user_id, rating ? rating->rating.rating : Rating{}.rating);
  }
  std::optional<int> rounds;
  if (t.format == tournament::Format::Swiss) {
    const int players = static_cast<int>(entrants.size());
    rounds = std::min(t.rounds.value_or(tournament::swiss_rounds(players)), players - 1);
  }
  tournaments.start(t.id, rounds);
  advance(work, t.id);
}

void score_tournament_game(UnitOfWork& work, PlyEnd& end, const Game*) {
  const GameRecord& stored = end.record;
  if (stored.active || !stored.winner_colour) return;
  Tournaments tournaments(work.db);
  const auto of = tournaments.of_game(stored.id);
  if (!of) return;
  tournaments.set_winner(stored.id, *winner_id(stored));
  advance(work, of->id);
}

std::optional<std::string> start_due_tournament(UnitOfWork& work, std::int64_t id, const std::string& now) {
  Tournaments tournaments(work.db);
  const auto t = tournaments.find(id);
  if (!t || t->status != "open" || !t->starts_at || *t->starts_at > now) return std::nullopt;
  const auto entrants = tournaments.entrants(id);
  const int needed = minimum_entrants(t->format);
  std::string line;
  if (static_cast<int>(entrants.size()) >= needed) {
    start_tournament(work, *t);
    line = "tournament T#" + std::to_string(id) + " started with " + std::to_string(entrants.size()) + " players";
  } else {
    tournaments.end(id, "cancelled");
    const ReplyWords mail = cancelled_mail(*t, entrants.size(), needed);
    for (std::int64_t user_id : everyone_of(*t, entrants)) mail_user(work, *t, user_id, mail.subject, mail.text);
    line = "tournament T#" + std::to_string(id) + " cancelled (" + std::to_string(entrants.size()) + " players)";
  }
  return line;
}

}  // namespace pbem::server
