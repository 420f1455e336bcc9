// League commands (spec "Leagues: a championship that runs itself"; docs/commands.md
// "Leagues"): `<game> league new`, `join G#N`, `leave G#N`, `league start`, `league G#N`,
// `leagues`. What a league does once it runs is competition/league_play.*.
#include <algorithm>

#include "server/competition/league_play.h"
#include "engine/text.h"
#include "server/handlers/command_context.h"
#include "server/handlers/competition_options.h"
#include "server/handlers/handlers.h"
#include "server/mailing/league_text.h"
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
  if (!l) throw CommandError("there is no league G#" + std::to_string(number));
  if (l->type != c.type)
    throw CommandError("league G#" + std::to_string(number) + " is a " + game_title(l->type) +
                       " league: start the command with '" + l->type + "'");
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
    throw CommandError(organiser.userid + " has no confirmed address yet and cannot organise a league");
  Leagues leagues(ctx.db);
  if (leagues.count_by(organiser.id) >= kMaxLeaguesPerOrganiser)
    throw CommandError(organiser.userid + " organises " + std::to_string(kMaxLeaguesPerOrganiser) +
                       " leagues already, the most one user may");
  LeagueRecord l = parse_league_options(c.type, {c.words.begin() + 1, c.words.end()}, ctx.config.clock.days_per_move);
  l.type = c.type;
  l.name = name;
  l.organiser_id = organiser.id;
  l.organiser = organiser.userid;
  l = leagues.create(l);
  ctx.out.summary = c.type + " league " + number_of(l) + " " + name + " created by " + organiser.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      "League " + number_of(l) + " " + name + " is open",
      league_text(ctx.db, l) + "\nYou organise it; you play in it only if you join it too. The computer plays\n" +
          "if you enter it: " + c.type + " join " + number_of(l) + " " + ctx.config.bot.userid +
          " <your password>\nStart its first season when at least " + std::to_string(kLeagueMinimumPlayers) +
          " have joined: " + c.type + " league start " + number_of(l) + " " + organiser.userid + " <password>\n"));
}

void join_league(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, l.organiser);
  if (!player.computer && player.confirmed.empty())
    throw CommandError(player.userid + " has no confirmed address yet and cannot play until it is confirmed");
  if (!player.active) throw CommandError(player.userid + " has signed off");
  Leagues leagues(ctx.db);
  const auto members = leagues.members(l.id);
  const auto member = std::find_if(members.begin(), members.end(),
                                   [&](const LeagueMember& m) { return m.user_id == player.id; });
  ctx.out.summary = c.type + " league " + number_of(l) + ": " + player.userid + " joined";
  const std::string subject = "League " + number_of(l) + " " + l.name + ": " + player.userid + " joined";
  if (member != members.end()) {
    if (!member->leaving) throw CommandError(player.userid + " is in league " + number_of(l) + " already");
    leagues.set_leaving(l.id, player.id, false);  // a join takes back a leave not yet carried out
    ctx.out.replies.push_back(ctx.to_sender(subject, player.userid + " stays in league " + league_title(l) +
                                                         ": the leave is taken back.\n"));
    return;
  }
  if (static_cast<int>(members.size()) >= kMaxMembers)
    throw CommandError("league " + number_of(l) + " is full: it takes " + std::to_string(kMaxMembers) + " players");
  ctx.check_game_limits(player, player);  // its games will count toward the caps on games
  check_places_against_computer(ctx, player, members);
  leagues.add_member(l.id, player.id);
  ctx.out.replies.push_back(ctx.to_sender(
      subject, player.userid + " joined league " + league_title(l) + ": " +
                   (l.status == "open" ? "they play from its first season, when the organiser starts it.\n"
                                       : "they play from the next season, in its last division.\n") +
                   "\nTo leave: " + c.type + " leave " + number_of(l) + " " + player.userid + " <password>\n"));
}

void leave_league(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  const Account player = competition_entrant(ctx, c, l.organiser);
  Leagues leagues(ctx.db);
  const auto members = leagues.members(l.id);
  const auto member = std::find_if(members.begin(), members.end(),
                                   [&](const LeagueMember& m) { return m.user_id == player.id; });
  if (member == members.end()) throw CommandError(player.userid + " is not in league " + number_of(l));
  if (member->leaving) throw CommandError(player.userid + " leaves league " + number_of(l) + " after this season already");
  ctx.out.summary = c.type + " league " + number_of(l) + ": " + player.userid + " left";
  const std::string subject = "League " + number_of(l) + " " + l.name + ": " + player.userid + " leaves";
  if (take_out_of_league(ctx.db, l, player.id) == LeagueLeaving::Now) {
    // Before their first season (the league's, or theirs): nothing was played, they go now.
    ctx.out.replies.push_back(
        ctx.to_sender(subject, player.userid + " left league " + league_title(l) + " before playing in it.\n"));
    return;
  }
  ctx.out.replies.push_back(ctx.to_sender(
      subject, player.userid + " leaves league " + league_title(l) + " at the end of season " +
                   std::to_string(l.season) + ": their games of this season go on (play them out or\nresign them), " +
                   "and they are in no division of the next.\nTo stay after all: " + c.type + " join " +
                   number_of(l) + " " + player.userid + " <password>\n"));
}

void league_start(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  const Account organiser = ctx.authenticated(c);
  if (organiser.id != l.organiser_id)
    throw CommandError("only the organiser of " + number_of(l) + ", " + l.organiser + ", can start it");
  if (l.status == "running")
    throw CommandError("league " + number_of(l) + " is under way: its seasons follow each other by themselves");
  const auto members = Leagues(ctx.db).members(l.id);
  const int players = static_cast<int>(std::count_if(members.begin(), members.end(),
                                                     [](const LeagueMember& m) { return !m.leaving; }));
  if (players < kLeagueMinimumPlayers)
    throw CommandError("league " + number_of(l) + " has " + std::to_string(players) + " players; a season needs at least " +
                       std::to_string(kLeagueMinimumPlayers));
  start_league(ctx, l);
  ctx.out.summary = c.type + " league " + number_of(l) + " started by " + organiser.userid;
  const bool answered = std::any_of(ctx.out.replies.begin(), ctx.out.replies.end(),
                                    [](const Reply& reply) { return reply.to_sender; });
  if (!answered)
    ctx.out.replies.push_back(ctx.to_sender("League " + number_of(l) + " " + l.name + " has started",
                                            league_text(ctx.db, *Leagues(ctx.db).find(l.id))));
}

void league_table(CommandContext& ctx, const Command& c) {
  const LeagueRecord l = league_of_type(ctx, c);
  ctx.out.replies.push_back(ctx.to_sender("League " + number_of(l) + " " + l.name, league_text(ctx.db, l)));
}

void leagues(CommandContext& ctx, const Command& c) {
  Leagues leagues(ctx.db);
  Listing listing;
  const auto found = leagues.of_type(c.type, static_cast<int>(Listing::kMaxLines));
  for (const auto& [l, members] : found) {
    listing.add(number_of(l) + "  " + l.name + "  divisions of " + std::to_string(l.group) + ", " +
                std::to_string(members) + (members == 1 ? " player, " : " players, ") + league_status_words(l));
  }
  listing.add_unshown(static_cast<std::size_t>(leagues.count_of_type(c.type)) - found.size());
  ctx.out.replies.push_back(ctx.to_sender(
      game_title(c.type) + " leagues", game_title(c.type) + " leagues:\n\n" + listing.text("    ", "    none\n") +
                                           "\nA league's divisions: " + c.type + " league G#<number>\n"));
}

}  // namespace handlers

}  // namespace pbem::server
