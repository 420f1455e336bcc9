// League commands (spec "Leagues: a championship that runs itself"; docs/commands.md
// "Leagues"): `<game> league new`, `join G#N`, `leave G#N`, `league start`, `league G#N`,
// `leagues`. What a league does once it runs is competition/league_play.*.
#include <algorithm>

#include "server/competition/league_play.h"
#include "engine/text.h"
#include "server/context/command_context.h"
#include "server/handlers/competition_options.h"
#include "server/handlers/handlers.h"
#include "server/handlers/answer.h"
#include "server/mailing/competition_text.h"
#include "server/replies/league_replies.h"
#include "server/mailing/reply_format.h"
#include "server/storage/leagues.h"

namespace pbem::server {

namespace {

// Limits: leagues one user organises (a league never ends, so this counts them all), and
// members (the most a league's seasons start at once: 64 players in divisions of 4 to 12).
constexpr int kMaxLeaguesPerOrganiser = 3;
constexpr int kMaxMembers = 64;

std::string number_of(const LeagueRecord& l) { return "G#" + std::to_string(l.id); }

LeagueRecord league_of_type(CommandContext& ctx, const Command& c) {
  const auto number = c.boards.at(0).number;
  const auto l = Leagues(ctx.db).find(number);
  if (!l) throw CommandError(refusal_text(league_refusal::NoSuch{number}));
  if (l->type != c.type)
    throw CommandError(refusal_text(league_refusal::OtherKind{number, l->type}));
  return *l;
}

// The league's own options; the rest are every game's.
LeagueRecord parse_league_options(const std::string& type, const std::vector<std::string>& words, int default_days) {
  LeagueRecord l;
  std::optional<std::string> up, down;
  std::vector<std::string> game_words;
  for (const std::string& word : words) {
    if (option_value(word, "group")) l.group = number_option(word, "group", 4, 12);
    else if (option_value(word, "up")) up = word;
    else if (option_value(word, "down")) down = word;
    else game_words.push_back(word);
  }
  // -up and -down are checked against the group, whichever came first.
  l.up = up ? number_option(*up, "up", 1, l.group / 2) : 2;
  l.down = down ? number_option(*down, "down", 1, l.group / 2) : 2;
  const GameTerms terms = parse_game_terms(type, game_words, default_days);
  l.game_options = terms.game_options;
  l.rated = terms.rated;
  l.time_bank = terms.time_bank;
  l.days_per_move = terms.days_per_move;
  l.weekends_off = terms.weekends_off;
  return l;
}

// The computer plays each human within bot.games_per_user: joining a league with the
// computer in it (or entering the computer) needs a free place for one game against it for
// every human member (any of them may share its division).
void check_places_against_computer(CommandContext& ctx, const Account& player, const std::vector<LeagueMember>& members) {
  for (const LeagueMember& member : members) {
    const Account other = *ctx.accounts.find_by_id(member.user_id);
    if (player.computer && !other.computer) ctx.check_games_against_computer(other);
    if (!player.computer && other.computer) ctx.check_games_against_computer(player);
  }
}

}  // namespace

namespace handlers {

void league_new(CommandContext& ctx, const Command& c) {
  const Account organiser = ctx.authenticated(c);
  const std::string& name = c.words.at(0);
  check_competition_name(name, "league");
  if (organiser.confirmed.empty())
    throw CommandError(refusal_text(league_refusal::OrganiserUnconfirmed{organiser.userid}));
  Leagues leagues(ctx.db);
  if (leagues.count_by(organiser.id) >= kMaxLeaguesPerOrganiser)
    throw CommandError(refusal_text(league_refusal::TooMany{organiser.userid, kMaxLeaguesPerOrganiser}));
  LeagueRecord l = parse_league_options(c.type, {c.words.begin() + 1, c.words.end()}, ctx.config.clock.days_per_move);
  l.type = c.type;
  l.name = name;
  l.organiser_id = organiser.id;
  l.organiser = organiser.userid;
  l = leagues.create(l);
  ctx.out.summary = c.type + " league " + number_of(l) + " " + name + " created by " + organiser.userid;
  answer(ctx, league_opened(ctx.db, l, ctx.config.bot.userid, kLeagueMinimumPlayers));
}

void join_league(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, l.organiser);
  if (!player.computer && player.confirmed.empty())
    throw CommandError(refusal_text(EntrantRefusal::Unconfirmed, player.userid));
  if (!player.active) throw CommandError(refusal_text(EntrantRefusal::SignedOff, player.userid));
  Leagues leagues(ctx.db);
  const auto members = leagues.members(l.id);
  const auto member = std::find_if(members.begin(), members.end(),
                                   [&](const LeagueMember& m) { return m.user_id == player.id; });
  ctx.out.summary = c.type + " league " + number_of(l) + ": " + player.userid + " joined";
  if (member != members.end()) {
    if (!member->leaving)
      throw CommandError(refusal_text(league_refusal::AlreadyIn{player.userid, l.id}));
    leagues.set_leaving(l.id, player.id, false);  // a join takes back a leave not yet carried out
    answer(ctx, league_joined(l, player.userid, true));
    return;
  }
  if (static_cast<int>(members.size()) >= kMaxMembers)
    throw CommandError(refusal_text(league_refusal::Full{l.id, kMaxMembers}));
  ctx.check_game_limits(player, player);  // its games will count toward the caps on games
  check_places_against_computer(ctx, player, members);
  leagues.add_member(l.id, player.id);
  answer(ctx, league_joined(l, player.userid, false));
}

void leave_league(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, l.organiser);
  Leagues leagues(ctx.db);
  const auto members = leagues.members(l.id);
  const auto member = std::find_if(members.begin(), members.end(),
                                   [&](const LeagueMember& m) { return m.user_id == player.id; });
  if (member == members.end())
    throw CommandError(refusal_text(league_refusal::NotIn{player.userid, l.id}));
  if (member->leaving)
    throw CommandError(refusal_text(league_refusal::LeavingAlready{player.userid, l.id}));
  ctx.out.summary = c.type + " league " + number_of(l) + ": " + player.userid + " left";
  // Before their first season (the league's, or theirs) nothing was played: they go now.
  answer(ctx, league_left(l, player.userid, take_out_of_league(ctx.db, l, player.id) == LeagueLeaving::Now));
}

void league_start(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  const Account organiser = ctx.authenticated(c);
  if (organiser.id != l.organiser_id)
    throw CommandError(refusal_text(league_refusal::OnlyOrganiserStarts{l.id, l.organiser}));
  if (l.status == "running") throw CommandError(refusal_text(league_refusal::UnderWay{l.id}));
  const auto members = Leagues(ctx.db).members(l.id);
  const int players = static_cast<int>(std::count_if(members.begin(), members.end(),
                                                     [](const LeagueMember& m) { return !m.leaving; }));
  if (players < kLeagueMinimumPlayers)
    throw CommandError(refusal_text(league_refusal::TooFew{l.id, players, kLeagueMinimumPlayers}));
  start_league(ctx, l);
  ctx.out.summary = c.type + " league " + number_of(l) + " started by " + organiser.userid;
  const bool answered = std::any_of(ctx.out.replies.begin(), ctx.out.replies.end(),
                                    [](const Reply& reply) { return reply.to_sender; });
  if (!answered) answer(ctx, league_started(ctx.db, *Leagues(ctx.db).find(l.id)));
}

void league_table(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  answer(ctx, league_table_reply(ctx.db, l));
}

void leagues(CommandContext& ctx, const Command& c) {
  Leagues leagues(ctx.db);
  answer(ctx, leagues_reply(c.type, leagues.of_type(c.type, static_cast<int>(Listing::kMaxLines)),
                            leagues.count_of_type(c.type)));
}

}  // namespace handlers

}  // namespace pbem::server
