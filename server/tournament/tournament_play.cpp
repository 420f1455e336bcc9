#include "server/tournament/tournament_play.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/play/game_clock.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"
#include "server/play/time_bank.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

tournament::Settings settings_of(const TournamentRecord& t) {
  return {t.format, t.double_round, t.rounds.value_or(0)};
}

std::string tournament_name(const TournamentRecord& t) { return "T#" + std::to_string(t.id) + " " + t.name; }

// A mail about tournament `t` to every confirmed address of `user_id` (the computer has
// none and gets nothing), ending with the link to the tournament's page when the web window
// has an address.
void mail_user(CommandContext& ctx, const TournamentRecord& t, std::int64_t user_id, const std::string& subject,
               const std::string& text) {
  const auto account = ctx.accounts.find_by_id(user_id);
  if (!account) return;
  Reply mail;
  mail.subject = subject;
  mail.text = text + web_link(ctx.config, "/tournaments/" + std::to_string(t.id));
  mail.kind = MailKind::Game;
  ctx.mail_account(*account, mail);
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
GameRecord create_round_game(CommandContext& ctx, const TournamentRecord& t, int round,
                             const tournament::Pairing& pairing) {
  const auto game = create_game(t.type, split_words(t.game_options));
  std::optional<TimeBank> bank;
  if (t.time_bank) bank = parse_time_bank(*t.time_bank);
  GameRecord record = ctx.records.create(t.type, game->options_text(), pairing.first, pairing.second,
                                         ctx.config.server.domain(), t.rated, t.days_per_move, bank);
  ctx.records.set_turn_clock(record,
                             turn_clock(ctx.db, ctx.config.clock, record, pairing.first, std::chrono::system_clock::now()));
  Tournaments(ctx.db).add_game(t.id, round, record.id);
  add_kind_watchers(ctx, record);
  return record;
}

// One player's mail when a round begins: their games (with the board and the Subject to
// edit where they move first) or their bye.
std::string round_mail_text(CommandContext& ctx, const TournamentRecord& t, int round, const tournament::Entrant& player,
                            const std::vector<GameRecord>& games, bool bye) {
  std::string text = "Round " + std::to_string(round) + " of tournament " + tournament_title(t) + " has begun.\n\n";
  if (bye) text += "You have a bye in this round: it counts 1 point.\n";
  std::string boards;
  if (!games.empty()) text += "Your games:\n";
  for (const GameRecord& record : games) {
    const auto game = create_game(record.type, split_words(record.options));
    const bool first = record.players[0] == player.user_id;
    const std::string opponent = record.userids[first ? 1 : 0];
    text += "    #" + std::to_string(record.id) + "  against " + opponent + ": " +
            (first ? "you move first (" + colour_of(*game, 0) + ")"
                   : opponent + " moves first; you are " + colour_of(*game, 1)) +
            "\n";
    if (!first) continue;
    boards += "\n" + board_heading(record) + "\n\n" + game->render(RenderContext{record.userids}) + "\n" +
              "It is your move. Edit your password and move into this Subject and send it:\n\n    " + record.type +
              " move " + std::to_string(record.id) + " " + player.userid + " <password> \n";
    if (const std::string clock = clock_lines(ctx.db, record, *game, player.userid); !clock.empty())
      boards += "\n" + clock;
  }
  text += boards;
  text += "\nThe mails of each game from now on come from that game, and a reply to them with\n"
          "your move plays it. The table: " + t.type + " tournament " + std::to_string(t.id) + "\n";
  return text;
}

void announce_round(CommandContext& ctx, const TournamentRecord& t, const tournament::Round& round,
                    const std::vector<GameRecord>& games) {
  for (const tournament::Entrant& entrant : Tournaments(ctx.db).entrants(t.id)) {
    std::vector<GameRecord> own;
    for (const GameRecord& record : games)
      if (record.players[0] == entrant.user_id || record.players[1] == entrant.user_id) own.push_back(record);
    const bool bye = std::find(round.byes.begin(), round.byes.end(), entrant.user_id) != round.byes.end();
    if (own.empty() && !bye) continue;
    mail_user(ctx, t, entrant.user_id, "Tournament " + tournament_name(t) + ": round " + std::to_string(round.number),
              round_mail_text(ctx, t, round.number, entrant, own, bye));
  }
}

void finish_tournament(CommandContext& ctx, const TournamentRecord& t) {
  Tournaments tournaments(ctx.db);
  tournaments.end(t.id, "finished");
  const auto entrants = tournaments.entrants(t.id);
  const auto table = tournament::standings(settings_of(t), entrants, tournaments.games(t.id), tournaments.byes(t.id));
  const std::string winner = table.empty() ? "" : table.front().userid;
  const std::string text = "Tournament " + tournament_title(t) + " is over" +
                           (winner.empty() ? "." : ": " + winner + " wins.") + "\n\n" +
                           tournament_table_text(ctx.db, *tournaments.find(t.id));
  for (std::int64_t id : everyone_of(t, entrants))
    mail_user(ctx, t, id, "Tournament " + tournament_name(t) + ": final table", text);
}

bool round_is_over(const std::vector<tournament::PlayedGame>& games, int round) {
  return std::all_of(games.begin(), games.end(),
                     [round](const tournament::PlayedGame& game) { return game.round != round || game.finished; });
}

// Begins the rounds that are due now: the next one, or the end of the tournament. A round
// of byes alone (a knockout where the others left) is over at once, so this goes on.
void advance(CommandContext& ctx, std::int64_t id) {
  Tournaments tournaments(ctx.db);
  for (;;) {
    const auto t = tournaments.find(id);
    if (!t || t->status != "running") return;
    const auto games = tournaments.games(id);
    if (!round_is_over(games, t->round)) return;
    const auto round = tournament::next_round(settings_of(*t), tournaments.entrants(id), games, tournaments.byes(id));
    if (!round) return finish_tournament(ctx, *t);
    if (round->number != t->round + 1)
      throw std::logic_error("tournament " + std::to_string(id) + " would begin round " +
                             std::to_string(round->number) + " after round " + std::to_string(t->round));
    // The guard of "a round exists exactly once": the round number moves in this transaction.
    if (!tournaments.begin_round(id, t->round)) return;
    std::vector<GameRecord> created;
    for (const tournament::Pairing& pairing : round->games)
      created.push_back(create_round_game(ctx, *t, round->number, pairing));
    for (std::int64_t user_id : round->byes) tournaments.add_bye(id, round->number, user_id);
    announce_round(ctx, *t, *round, created);
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

std::string format_words(tournament::Format format) {
  switch (format) {
    case tournament::Format::RoundRobin: return "round robin";
    case tournament::Format::Swiss: return "Swiss";
    case tournament::Format::Knockout: return "knockout";
  }
  return tournament::format_name(format);
}

std::string tournament_title(const TournamentRecord& t) {
  return tournament_name(t) + " (" + game_title(t.type) + ", " + format_words(t.format) + ")";
}

void start_tournament(CommandContext& ctx, const TournamentRecord& t) {
  Tournaments tournaments(ctx.db);
  const auto entrants = tournaments.entrants(t.id);
  for (const tournament::Entrant& entrant : entrants) {
    const auto rating = ctx.ratings.find(t.type, entrant.user_id);
    tournaments.set_start_rating(t.id, entrant.user_id, rating ? rating->rating.rating : Rating{}.rating);
  }
  std::optional<int> rounds;
  if (t.format == tournament::Format::Swiss) {
    const int players = static_cast<int>(entrants.size());
    rounds = std::min(t.rounds.value_or(tournament::swiss_rounds(players)), players - 1);
  }
  tournaments.start(t.id, rounds);
  advance(ctx, t.id);
}

void tournament_game_ended(CommandContext& ctx, const GameRecord& stored, const Game* position) {
  if (stored.active || !stored.winner_colour) return;
  Tournaments tournaments(ctx.db);
  const auto of = tournaments.of_game(stored.id);
  if (!of) return;
  std::unique_ptr<Game> replayed;
  if (!position) replayed = ctx.records.replay(stored);  // a loss on time: no ply was played
  const Game& game = position ? *position : *replayed;
  tournaments.set_winner(stored.id, user_id_of_colour(stored, game, *stored.winner_colour));
  advance(ctx, of->id);
}

std::string tournament_line(Database& db, const GameRecord& record) {
  const auto of = Tournaments(db).of_game(record.id);
  if (!of) return "";
  return "Tournament T#" + std::to_string(of->id) + " " + of->name + ", round " + std::to_string(of->round) + "\n\n";
}

std::optional<ClockDutyDone> start_due_tournament(Database& db, const Config& config, std::int64_t id,
                                                  const std::string& now) {
  const Request request{};  // no mail asked for it
  Outcome outcome;
  CommandContext ctx(db, config, std::nullopt, request, outcome);
  Tournaments tournaments(db);
  const auto t = tournaments.find(id);
  if (!t || t->status != "open" || !t->starts_at || *t->starts_at > now) return std::nullopt;
  const auto entrants = tournaments.entrants(id);
  const int needed = minimum_entrants(t->format);
  std::string line;
  if (static_cast<int>(entrants.size()) >= needed) {
    start_tournament(ctx, *t);
    line = "tournament T#" + std::to_string(id) + " started with " + std::to_string(entrants.size()) + " players";
  } else {
    tournaments.end(id, "cancelled");
    const std::string text = "Tournament " + tournament_title(*t) + " was cancelled: on its start date, " +
                             t->starts_at->substr(0, 10) + ", it had " + std::to_string(entrants.size()) +
                             (entrants.size() == 1 ? " player" : " players") + ", and it needs at least " +
                             std::to_string(needed) + ".\nNo games were started.\n";
    for (std::int64_t user_id : everyone_of(*t, entrants))
      mail_user(ctx, *t, user_id, "Tournament " + tournament_name(*t) + ": cancelled", text);
    line = "tournament T#" + std::to_string(id) + " cancelled (" + std::to_string(entrants.size()) + " players)";
  }
  return ClockDutyDone{line, std::move(outcome.replies), 0};
}

std::string tournament_table_text(Database& db, const TournamentRecord& t) {
  Tournaments tournaments(db);
  const auto entrants = tournaments.entrants(t.id);
  std::string text = "Tournament " + tournament_title(t) + ", organised by " + t.organiser + ".\n";
  std::vector<std::string> options;
  if (!t.game_options.empty()) options.push_back(t.game_options);
  options.push_back(t.time_bank ? "time bank " + *t.time_bank
                    : t.days_per_move ? std::to_string(t.days_per_move) + " days per move"
                                      : "no time limit");
  options.push_back(t.rated ? "rated" : "unrated");
  if (t.double_round) options.push_back("every pair twice");
  text += "Games: " + join(options, ", ") + ".\n";
  if (t.status == "open") {
    text += "Open for entry, " + std::to_string(entrants.size()) + (entrants.size() == 1 ? " player" : " players") +
            " so far";
    std::vector<std::string> starts;
    if (t.players) starts.push_back("when " + std::to_string(*t.players) + " have joined");
    if (t.starts_at) starts.push_back("on " + t.starts_at->substr(0, 10) + " at 00:00 UTC");
    text += starts.empty() ? "; the organiser starts it.\n" : "; it starts " + join(starts, " or ") + ".\n";
    for (const tournament::Entrant& entrant : entrants) text += "    " + entrant.userid + "\n";
    text += "To join: " + t.type + " join " + std::to_string(t.id) + " <userid> <password>\n";
    return text;
  }
  if (t.status == "cancelled") return text + "Cancelled on " + t.ended_at.value_or("").substr(0, 10) + ".\n";
  if (t.status == "running")
    text += "Running: round " + std::to_string(t.round) +
            (t.format == tournament::Format::Swiss ? " of " + std::to_string(t.rounds.value_or(0)) : "") + ".\n";
  else
    text += "Finished on " + t.ended_at.value_or("").substr(0, 10) + ".\n";
  return text + "\n" +
         tournament::table_text(settings_of(t), entrants, tournaments.games(t.id), tournaments.byes(t.id));
}

}  // namespace pbem::server
