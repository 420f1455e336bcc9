// Ladder commands (spec "Ladders"; docs/commands.md "Ladders"): `<game> ladder new`, `join
// L#N`, `leave L#N`, `climb`, `ladder L#N`, `ladders`. A ladder game's start and its end
// are competition/ladder_play.*; the rungs' moves server/tournament/ladder_rules.h.
#include <algorithm>

#include "server/replies/climb_replies.h"
#include "server/competition/ladder_play.h"
#include "server/context/command_context.h"
#include "server/handlers/competition_options.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/language/argument_reader.h"
#include "server/handlers/answer.h"
#include "server/mailing/competition_text.h"
#include "server/replies/ladder_replies.h"
#include "server/mailing/reply_format.h"
#include "server/storage/ladders.h"
#include "server/support/clock.h"
#include "server/tournament/ladder_rules.h"

namespace pbem::server {

namespace {

// Limits where the spec is silent (docs/decisions.md): ladders never end, so one user
// creates at most this many; and a ladder holds at most this many players (a climb's end
// rewrites the rungs between the two players, a leave all below the leaver).
constexpr int kMaxLaddersPerOrganiser = 5;
constexpr int kMaxRungs = 1000;
constexpr int kDefaultReach = 3;
constexpr int kMaxReach = 10;

std::string ref_of(const LadderRecord& l) { return "L#" + std::to_string(l.id); }

LadderRecord ladder_of_type(CommandContext& ctx, const Command& c) {
  const auto number = c.boards.at(0).number;
  const auto l = Ladders(ctx.db).find(number);
  if (!l) throw CommandError(refusal_text(ladder_refusal::NoSuch{number}));
  if (l->type != c.type)
    throw CommandError(refusal_text(ladder_refusal::OtherKind{number, l->type}));
  return *l;
}

}  // namespace

namespace handlers {

void ladder_new(CommandContext& ctx, const Command& c) {
  const Account organiser = ctx.authenticated(c);
  const std::string& name = c.words.at(0);
  check_competition_name(name, "ladder");
  if (organiser.confirmed.empty())
    throw CommandError(refusal_text(ladder_refusal::OrganiserUnconfirmed{organiser.userid}));
  Ladders ladders(ctx.db);
  if (ladders.count_organised_by(organiser.id) >= kMaxLaddersPerOrganiser)
    throw CommandError(refusal_text(ladder_refusal::TooMany{organiser.userid, kMaxLaddersPerOrganiser}));
  LadderRecord l;
  l.reach = kDefaultReach;
  std::vector<std::string> game_words;
  for (auto word = c.words.begin() + 1; word != c.words.end(); ++word) {
    if (option_value(*word, "reach"))
      l.reach = number_option(*word, "reach", 1, kMaxReach);
    else
      game_words.push_back(*word);
  }
  const GameTerms terms = parse_game_terms(c.type, game_words, ctx.config.clock.days_per_move);
  l.type = c.type;
  l.name = name;
  l.organiser_id = organiser.id;
  l.organiser = organiser.userid;
  l.game_options = terms.game_options;
  l.rated = terms.rated;
  l.days_per_move = terms.days_per_move;
  l.time_bank = terms.time_bank;
  l.weekends_off = terms.weekends_off;
  l = ladders.create(l);
  ctx.out.summary = c.type + " ladder " + ref_of(l) + " " + name + " created by " + organiser.userid;
  answer(ctx, ladder_opened(ctx.db, l, ctx.config.bot.userid));
}

void join_ladder(CommandContext& ctx, const Command& c) {
  const LadderRecord l = ladder_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, l.organiser);
  if (!player.computer && player.confirmed.empty())
    throw CommandError(refusal_text(EntrantRefusal::Unconfirmed, player.userid));
  if (!player.active) throw CommandError(refusal_text(EntrantRefusal::SignedOff, player.userid));
  Ladders ladders(ctx.db);
  const ladder::Rungs order = ladders.order(l.id);
  if (const auto rung = ladder::rung_of(order, player.id))
    throw CommandError(refusal_text(ladder_refusal::AlreadyOn{player.userid, l.id, *rung}));
  if (static_cast<int>(order.size()) >= kMaxRungs)
    throw CommandError(refusal_text(ladder_refusal::Full{l.id, kMaxRungs}));
  const ladder::Rungs now_order = ladder::joined(order, player.id);
  ladders.set_order(l.id, now_order, now_iso8601());
  ctx.out.summary =
      c.type + " ladder " + ref_of(l) + ": " + player.userid + " joined on rung " + std::to_string(now_order.size());
  answer(ctx, ladder_joined(l, player.userid, now_order.size()));
}

void leave_ladder(CommandContext& ctx, const Command& c) {
  const LadderRecord l = ladder_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, l.organiser);
  Ladders ladders(ctx.db);
  const ladder::Rungs order = ladders.order(l.id);
  if (!ladder::rung_of(order, player.id))
    throw CommandError(refusal_text(ladder_refusal::NotOn{player.userid, l.id}));
  // Off the ladder first: a game the resignations below end then moves nobody (a win
  // against a player who left takes no rung; ladder_rules.h).
  ladders.set_order(l.id, ladder::left(order, player.id), now_iso8601());
  int resigned = 0;
  for (const LadderGame& game : ladders.open_games(l.id))
    if ((game.climber_id == player.id || game.target_id == player.id) &&
        resign_on_leaving(ctx, game.game_id, player, ladder_named(l)))
      ++resigned;
  ctx.out.summary = c.type + " ladder " + ref_of(l) + ": " + player.userid + " left";
  answer(ctx, ladder_left(l, player.userid, resigned));
}

void climb(CommandContext& ctx, const Command& c) {
  const LadderRecord l = ladder_of_type(ctx, c);
  const Account climber = ctx.authenticated(c);
  const Account target = ctx.existing_account(c.words.at(0));
  Ladders ladders(ctx.db);
  const ladder::Rungs order = ladders.order(l.id);
  if (const auto refusal = ladder::climb_refusal(order, ladders.open_climbs(l.id), l.reach, climber.id, target.id))
    throw CommandError(climb_refusal_text(*refusal, l, order, climber, target));
  // A climb is a start of a game like a challenge: a block refuses it, in the words of
  // `challenges none`, and two accounts of one mailbox cannot play it rated.
  check_start_between(ctx, climber, target, l.rated ? GameStart::Rated : GameStart::Unrated);
  ctx.check_game_limits(climber, target);
  const GameRecord record = start_climb(ctx, l, climber, target);
  ctx.out.summary = c.type + " ladder " + ref_of(l) + ": #" + std::to_string(record.id) + " " + climber.userid +
                    " climbs " + target.userid;
}

void ladder_table(CommandContext& ctx, const Command& c) {
  const LadderRecord l = ladder_of_type(ctx, c);
  answer(ctx, ladder_table_reply(ctx.db, l));
}

void ladders(CommandContext& ctx, const Command& c) {
  Ladders stored(ctx.db);
  // One query for the page, one for the count: no statement per ladder.
  answer(ctx, ladders_reply(c.type, stored.of_type_with_players(c.type, static_cast<int>(Listing::kMaxLines)),
                            stored.count_of_type(c.type)));
}

}  // namespace handlers

}  // namespace pbem::server
