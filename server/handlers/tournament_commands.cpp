// Tournament commands (spec "Tournaments"; docs/commands.md "Tournaments"): `<game>
// tournament new`, `join`, `leave`, `tournament start`, `tournaments`, `tournament T`.
// What a tournament does once it runs is tournament_play.*.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/options.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/play/challenge_options.h"
#include "server/context/command_context.h"
#include "server/handlers/competition_options.h"
#include "server/play/end_of_ply.h"
#include "server/play/game_clock.h"
#include "server/handlers/answer.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/game_mail.h"
#include "server/handlers/handlers.h"
#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/handlers/tick_handlers.h"
#include "server/mailing/reply_format.h"
#include "server/competition/tournament_play.h"
#include "server/replies/tournament_replies.h"
#include "server/support/clock.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {

// Limits (issue 29): open tournaments one user organises at a time (the entrants' are
// tournament_play.h's maximum_entrants).
constexpr int kMaxOpenPerOrganiser = 5;
// Finished and cancelled tournaments stay in `tournaments` this long.
constexpr auto kListedAfterEnd = std::chrono::hours(24 * 30);

// -start=YYYY-MM-DD, a day after today (UTC), as 00:00 UTC that day.
std::string start_option(const std::string& word) {
  const std::string date = *option_value(word, "start");
  const auto at = parse_iso8601(date + "T00:00:00Z");
  const bool shaped = date.size() == 10 && date[4] == '-' && date[7] == '-';
  int year = 0, month = 0, day = 0;
  if (shaped) std::sscanf(date.c_str(), "%4d-%2d-%2d", &year, &month, &day);
  const std::chrono::year_month_day ymd{std::chrono::year(year), std::chrono::month(static_cast<unsigned>(month)),
                                        std::chrono::day(static_cast<unsigned>(day))};
  if (!shaped || !at || !ymd.ok())
    throw CommandError(refusal_text(tournament_refusal::StartDate{word}));
  if (*at <= std::chrono::system_clock::now())
    throw CommandError(refusal_text(tournament_refusal::StartPast{date}));
  return date + "T00:00:00Z";
}

// The tournament's own options; the rest are every game's (challenge_options.h), with
// `default_days` per move when neither -days nor -clock is given.
TournamentRecord parse_tournament_options(const std::string& type, const std::vector<std::string>& words,
                                          int default_days) {
  TournamentRecord t;
  std::optional<int> players, rounds;
  std::vector<std::string> game_words;
  for (const std::string& word : words) {
    if (auto format = option_value(word, "format")) {
      const auto named = tournament::format_named(*format);
      if (!named) throw CommandError(refusal_text(tournament_refusal::Format{word}));
      t.format = *named;
    } else if (option_value(word, "players")) {
      players = number_option(word, "players", 2, kMaxEntrants);
    } else if (option_value(word, "rounds")) {
      rounds = number_option(word, "rounds", 1, kMaxEntrants - 1);
    } else if (option_value(word, "start")) {
      t.starts_at = start_option(word);
    } else if (word == "-double") {
      t.double_round = true;
    } else {
      game_words.push_back(word);
    }
  }
  const int low = minimum_entrants(t.format), high = maximum_entrants(t.format);
  if (players && (*players < low || *players > high))
    throw CommandError(refusal_text(tournament_refusal::PlayersRange{t.format, low, high, *players}));
  if (rounds && t.format != tournament::Format::Swiss)
    throw CommandError(refusal_text(tournament_refusal::RoundsOnlySwiss{}));
  if (t.double_round && t.format != tournament::Format::RoundRobin)
    throw CommandError(refusal_text(tournament_refusal::DoubleOnlyRoundRobin{}));
  t.players = players;
  t.rounds = rounds;
  const GameTerms terms = parse_game_terms(type, game_words, default_days);
  t.game_options = terms.game_options;
  t.rated = terms.rated;
  t.time_bank = terms.time_bank;
  t.days_per_move = terms.days_per_move;
  t.weekends_off = terms.weekends_off;
  return t;
}

TournamentRecord tournament_of_type(CommandContext& ctx, const Command& c) {
  const auto number = c.boards.at(0).number;
  const auto t = Tournaments(ctx.db).find(number);
  if (!t) throw CommandError(refusal_text(tournament_refusal::NoSuch{number}));
  if (t->type != c.type)
    throw CommandError(refusal_text(tournament_refusal::OtherKind{number, t->type}));
  return *t;
}

bool entered(const std::vector<tournament::Entrant>& entrants, std::int64_t user_id) {
  return std::any_of(entrants.begin(), entrants.end(),
                     [user_id](const tournament::Entrant& e) { return e.user_id == user_id; });
}

std::string number_of(const TournamentRecord& t) { return std::to_string(t.id); }

// Resigns `player`'s unfinished games of tournament `t` (they left it), each with its mail.
int resign_games_of(CommandContext& ctx, const TournamentRecord& t, const Account& player) {
  int resigned = 0;
  for (const tournament::PlayedGame& played : Tournaments(ctx.db).games(t.id)) {
    if (played.finished || (played.first != player.id && played.second != player.id)) continue;
    if (resign_on_leaving(ctx, played.game_id, player, tournament_named(t.id))) ++resigned;
  }
  return resigned;
}

}  // namespace

namespace handlers {

void tournament_new(CommandContext& ctx, const Command& c) {
  const Account organiser = ctx.authenticated(c);
  const std::string& name = c.words.at(0);
  check_competition_name(name, "tournament");
  if (organiser.confirmed.empty())
    throw CommandError(refusal_text(tournament_refusal::OrganiserUnconfirmed{organiser.userid}));
  Tournaments tournaments(ctx.db);
  if (tournaments.count_open_by(organiser.id) >= kMaxOpenPerOrganiser)
    throw CommandError(refusal_text(tournament_refusal::TooManyOpen{organiser.userid, kMaxOpenPerOrganiser}));
  TournamentRecord t =
      parse_tournament_options(c.type, {c.words.begin() + 1, c.words.end()}, ctx.config.clock.days_per_move);
  t.type = c.type;
  t.name = name;
  t.organiser_id = organiser.id;
  t.organiser = organiser.userid;
  t = tournaments.create(t);
  ctx.out.summary = c.type + " tournament T#" + number_of(t) + " " + name + " created by " + organiser.userid;
  answer(ctx, tournament_opened(ctx.db, t, ctx.config.bot.userid));
}

void join_tournament(CommandContext& ctx, const Command& c) {
  const TournamentRecord t = tournament_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, t.organiser);
  const auto joined = enter_tournament(ctx, t, player);
  if (const auto* refused = std::get_if<TournamentJoinRefusal>(&joined))
    std::visit(Overloaded{[](const TournamentRefusal& why) { throw CommandError(refusal_text(why)); },
                          [&](EntrantRefusal why) { throw CommandError(refusal_text(why, player.userid)); },
                          [](const GameLimitRefusal& why) { refuse_limit(why); }},
               *refused);
  const auto [now_entered, full] = std::get<TournamentJoined>(joined);
  ctx.out.summary = c.type + " tournament T#" + number_of(t) + ": " + player.userid + " joined";
  answer(ctx, tournament_joined(t, player.userid, now_entered, full));
  if (full) start_tournament(ctx, *Tournaments(ctx.db).find(t.id));
}

void leave_tournament(CommandContext& ctx, const Command& c) {
  const TournamentRecord t = tournament_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, t.organiser);
  Tournaments tournaments(ctx.db);
  const auto entrants = tournaments.entrants(t.id);
  if (!entered(entrants, player.id))
    throw CommandError(refusal_text(tournament_refusal::NotIn{player.userid, t.id}));
  if (t.status == "finished" || t.status == "cancelled")
    throw CommandError(refusal_text(tournament_refusal::Over{t.id}));
  ctx.out.summary = c.type + " tournament T#" + number_of(t) + ": " + player.userid + " left";
  if (t.status == "open") {
    tournaments.remove_entrant(t.id, player.id);
    answer(ctx, tournament_left(t, player.userid, std::nullopt));
    return;
  }
  const auto entrant = std::find_if(entrants.begin(), entrants.end(),
                                    [&](const tournament::Entrant& e) { return e.user_id == player.id; });
  if (entrant->withdrawn)
    throw CommandError(refusal_text(tournament_refusal::AlreadyLeft{player.userid, t.id}));
  // Withdrawn first: a round that the resignations below end is paired without them.
  tournaments.withdraw(t.id, player.id);
  const int resigned = resign_games_of(ctx, t, player);
  answer(ctx, tournament_left(t, player.userid, resigned));
}

void tournament_start(CommandContext& ctx, const Command& c) {
  const TournamentRecord t = tournament_of_type(ctx, c);
  const Account organiser = ctx.authenticated(c);
  if (organiser.id != t.organiser_id)
    throw CommandError(refusal_text(tournament_refusal::OnlyOrganiserStarts{t.id, t.organiser}));
  if (t.status != "open") throw CommandError(refusal_text(tournament_refusal::NotOpen{t.id, t.status}));
  const int entrants = static_cast<int>(Tournaments(ctx.db).entrants(t.id).size());
  if (entrants < minimum_entrants(t.format))
    throw CommandError(refusal_text(tournament_refusal::TooFew{t.id, entrants, t.format, minimum_entrants(t.format)}));
  start_tournament(ctx, t);
  ctx.out.summary = c.type + " tournament T#" + number_of(t) + " started by " + organiser.userid;
  const bool answered = std::any_of(ctx.out.replies.begin(), ctx.out.replies.end(),
                                    [](const Reply& reply) { return reply.to_sender; });
  if (!answered) answer(ctx, tournament_started(ctx.db, *Tournaments(ctx.db).find(t.id)));
}

void tournament_table(CommandContext& ctx, const Command& c) {
  const TournamentRecord t = tournament_of_type(ctx, c);
  answer(ctx, tournament_table_reply(ctx.db, t));
}

void tournaments(CommandContext& ctx, const Command& c) {
  const auto since = iso8601(std::chrono::system_clock::now() - kListedAfterEnd);
  answer(ctx, tournaments_reply(ctx.db, c.type, Tournaments(ctx.db).recent(c.type, since)));
}

}  // namespace handlers

std::optional<ClockDutyDone> tournament_start_duty(Database& db, const Config& config, std::int64_t id,
                                                   const std::string& now) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);  // no mail asked for it
  auto line = start_due_tournament(work, id, now);
  if (!line) return std::nullopt;
  return ClockDutyDone{std::move(*line), std::move(outcome.replies), 0};
}

}  // namespace pbem::server
