// The front page, a game's page and its pictures.
#include <chrono>

#include "engine/registry.h"
#include "pictures/picture.h"
#include "server/competition/registry.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/invitation_text.h"
#include "server/play/invitation_rating.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/tournament_text.h"
#include "server/mailing/league_text.h"
#include "server/storage/game_notes.h"
#include "server/storage/game_records.h"
#include "server/storage/leagues.h"
#include "server/storage/tournaments.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"
#include "server/support/clock.h"
#include "server/support/sha256.h"
#include "server/web/web_layout.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

namespace {

// "alice vs bob, 12 moves, bob to move since 2027-01-15 12:00 UTC"
std::string game_summary(const GameRecord& record) {
  const auto users = userids_by_colour(record);
  return users[0] + " vs " + users[1] + ", " + std::to_string(record.plies) +
         (record.plies == 1 ? " move, " : " moves, ") + turn_or_result(record);
}

// The time control the game was challenged with: public, unlike the deadline and the time
// left in a bank, which a vacation moves.
std::string time_control(const GameRecord& record) {
  const std::string weekends = record.weekends_off ? ", weekends off." : ".";
  if (record.bank) return "Time bank " + record.bank->text + weekends;
  if (record.days_per_move > 0)
    return std::to_string(record.days_per_move) + (record.days_per_move == 1 ? " day" : " days") + " per move" +
           weekends;
  return "No time limit.";
}

// From the stored columns alone (whose turn, swap, result): a list replays no game.
void game_list(Html& html, const std::vector<GameRecord>& games) {
  if (games.empty()) {
    html.element("p", "None.", {{"class", "quiet"}});
    return;
  }
  html.open("ul", {{"class", "games"}});
  for (const GameRecord& record : games) {
    html.open("li");
    game_link(html, record.id, board_heading(record));
    html.text(": " + game_summary(record));
    html.close("li");
  }
  html.close("ul");
}

// If-None-Match holds one tag, a comma-separated list (weak ones W/"..."), or *.
bool etag_matches(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view tag = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
    while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == etag || tag == "*") return true;
  }
  return false;
}

// How to join, before anything else: the window is where a newcomer lands, and everything
// is done by mail to the server's address.
void how_to_join(Html& html, const std::string& address) {
  html.open("p").text("Games here are played by mail: every command is the Subject of a mail to ");
  html.link("mailto:" + address, address);
  html.text(".").close("p");
  html.open("p").text("To join, mail it the Subject ");
  html.element("code", "signup <userid> <password>");
  html.text(", then the ");
  html.element("code", "confirm");
  html.text(" line of its reply; the Subject ");
  html.element("code", "help");
  html.text(" brings every command.").close("p");
}

std::string seven_days_ago() { return iso8601(std::chrono::system_clock::now() - std::chrono::days(7)); }

// The competition a game belongs to, as a link: "Tournament T#3 spring, round 2".
void competition_of(Html& html, Database& db, std::int64_t game_id) {
  const auto found = competitions().of_game(db, game_id);
  if (!found) return;
  html.open("p").text(competition_title(found->of) + " ");
  html.link(competition_page(found->of), competition_mark(found->of));
  html.text(competition_stage(found->of)).close("p");
}

void move_history(Html& html, const GameRecords& records, const GameRecord& record, const Game& game) {
  const auto moves = records.moves(record.id);
  html.element("h2", "Moves");
  if (moves.empty()) {
    html.element("p", "No moves yet.", {{"class", "quiet"}});
  } else {
    // Each move links to the board after it.
    html.open("ol", {{"class", "moves"}});
    for (const StoredMove& m : moves) {
      html.open("li");
      html.link(game_path(record.id) + "/" + std::to_string(m.ply) + ".png", game.describe_ply(m.move));
      html.text(" by " + m.userid + " (" + colour_of(game, m.colour) + "), ");
      time_element(html, m.created_at);
      html.close("li");
    }
    html.close("ol");
  }
  for (const TakenBack& t : records.takebacks(record.id)) {
    html.open("p", {{"class", "quiet"}});
    html.text("Taken back: move " + std::to_string(t.move.ply) + " " + game.describe_ply(t.move.move) + " by " +
              t.move.userid + ", played ");
    time_element(html, t.move.created_at);
    html.text(", taken back ");
    time_element(html, t.taken_back_at);
    html.text(".").close("p");
  }
}

// First, previous, next and last ply as plain links (no script): /games/N?ply=K. A step
// that goes nowhere (previous at the start) is text, not a link.
void ply_steps(Html& html, std::int64_t id, int ply, int plies) {
  const auto step = [&](std::string_view label, int to) {
    if (to == ply || to < 0 || to > plies)
      html.element("span", std::string(label), {{"class", "quiet"}});
    else
      html.link(game_path(id) + "?ply=" + std::to_string(to), std::string(label));
  };
  html.open("p", {{"class", "steps"}});
  step("First", 0);
  html.text(" | ");
  step("Previous", ply - 1);
  html.text(" | Move " + std::to_string(ply) + " of " + std::to_string(plies) + " | ");
  step("Next", ply + 1);
  html.text(" | ");
  step("Last", plies);
  html.close("p");
}

// The sealed notes of a finished game, public since its end (server.md "Notes"); nothing of
// a private note, nor of any note while the game runs.
void public_notes(Html& html, Database& db, const GameRecord& record) {
  const auto notes = GameNotes(db).visible(record.id, std::nullopt, !record.active);
  if (notes.empty()) return;
  html.element("h2", "Sealed notes");
  html.open("ul", {{"class", "notes"}});
  for (const GameNote& note : notes) {
    html.open("li").text("After move " + std::to_string(note.ply) + ", ");
    player_link(html, note.userid);
    html.text(": ");
    html.element("q", note.text);
    html.close("li");
  }
  html.close("ul");
}

// The game's records (server.md "Game records"): the files a `record` mail attaches.
void record_links(Html& html, std::int64_t id) {
  html.open("p").text("The record: ");
  html.link(game_path(id) + ".sgf", "SGF");
  html.text(", ");
  html.link(game_path(id) + ".json", "JSON");
  html.text(".").close("p");
}

}  // namespace

WebResponse home_page(Database& db, const Config& config) {
  GameListings listings(db);
  const auto playing = listings.in_progress(kListedGames);
  const int playing_count = listings.count_in_progress();
  const std::string since = seven_days_ago();
  const auto ended = listings.ended_since(since, kListedGames);
  Tournaments tournaments(db);
  Leagues leagues(db);
  WebResponse response;
  response.body = page(config.server.name, "Games", [&](Html& html) {
    how_to_join(html, config.server.address);
    html.element("h2", "In progress (" + std::to_string(playing_count) + ")");
    game_list(html, playing);
    if (playing_count > static_cast<int>(playing.size()))
      html.element("p", "The " + std::to_string(playing.size()) + " moved most recently are listed.", {{"class", "quiet"}});
    // Open invitations (spec "Open invitations"): anyone may take one by mail.
    html.element("h2", "Open invitations");
    html.open("ul", {{"class", "games"}});
    const auto open = GameInvitations(db).open_invitations(kListedGames);
    const InvitationRatings challengers{Ratings(db), open};  // one statement a kind, not one a line
    for (const GameRecord& record : open)
      html.element("li", game_title(record.type) + " " +
                             open_invitation_line(record, challengers.of(record.type, *record.invited_by)));
    if (open.empty())
      html.element("li", "None: post one by mail with <game> challenge <userid> any.", {{"class", "quiet"}});
    else
      html.element("li", "Take one by mail with <game> accept <number> <userid> <password>.", {{"class", "quiet"}});
    html.close("ul");
    html.element("h2", "Results of the last 7 days");
    game_list(html, ended);
    html.element("h2", "Tournaments");
    bool any = false;
    html.open("ul", {{"class", "games"}});
    for (const GameType& type : game_types()) {
      for (const TournamentRecord& t : tournaments.recent(type.name, since)) {
        any = true;
        html.open("li");
        html.link("/tournaments/" + std::to_string(t.id), "T#" + std::to_string(t.id) + " " + t.name);
        html.text(" (" + game_title(t.type) + ", " + format_words(t.format) + "): " + t.status);
        if (t.status == "running") html.text(", round " + std::to_string(t.round));
        html.close("li");
      }
    }
    if (!any) html.element("li", "None open, running or finished this week.", {{"class", "quiet"}});
    html.close("ul");
    // Leagues never end: the newest of each game, each with where it stands.
    html.element("h2", "Leagues");
    any = false;
    html.open("ul", {{"class", "games"}});
    for (const GameType& type : game_types()) {
      for (const auto& [l, members] : leagues.of_type(type.name, kListedLeagues)) {
        any = true;
        html.open("li");
        html.link("/leagues/" + std::to_string(l.id), league_name(l));
        html.text(" (" + game_title(l.type) + "): " + std::to_string(members) + (members == 1 ? " player, " : " players, ") +
                  league_status_words(l));
        html.close("li");
      }
    }
    if (!any) html.element("li", "None yet.", {{"class", "quiet"}});
    html.close("ul");
    html.element("h2", "Ratings");
    html.open("ul", {{"class", "games"}});
    for (const GameType& type : game_types())
      html.open("li").link("/ratings/" + type.name, type.title + " ratings").close("li");
    html.close("ul");
  });
  return response;
}

std::optional<WebResponse> game_page(Database& db, const Config& config, std::int64_t id, std::optional<int> ply) {
  GameRecords records(db);
  const auto record = records.find(id);
  if (!record || record->invitation) return std::nullopt;  // an invitation is no game (yet): not found
  if (ply && (*ply < 0 || *ply > record->plies)) return std::nullopt;
  const auto game = records.replay(*record);
  // The board shown: after ply K when stepping, else as it stands.
  const auto stepped = ply ? records.replay(*record, *ply) : nullptr;
  const Game& shown = stepped ? *stepped : *game;
  const auto users = userids_by_colour(*record, *game);
  WebResponse response;
  response.body = page(config.server.name, board_heading(*record), [&](Html& html) {
    html.open("p");
    for (int colour = 0; colour < 2; ++colour) {
      if (colour == 1) html.text(" against ");
      player_link(html, users[static_cast<std::size_t>(colour)]);
      html.text(" (" + colour_of(*game, colour) + ")");
    }
    html.text(record->rated ? ", rated." : ", unrated.").close("p");
    competition_of(html, db, record->id);
    // While it runs: who is to move and since when, and the time control; never the
    // deadline (see turn_or_result).
    const bool running = record->active && !game->over();
    std::string state =
        running ? turn_or_result(*record) + "." : game_state(*record, *game) + ". The game is over.";
    state[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(state[0])));
    html.element("p", state);
    if (running) html.element("p", time_control(*record));
    const int shown_ply = ply ? *ply : record->plies;
    const std::string after = shown.ply_count() == 0 ? "The empty board" : "The board after move " + std::to_string(shown.ply_count());
    const std::string picture = ply ? game_path(record->id) + "/" + std::to_string(*ply) + ".png" : game_path(record->id) + ".png";
    html.empty("img", {{"class", "board"}, {"src", picture}, {"alt", after}});
    board_and_legend(html, shown.diagram(), shown.render(RenderContext{users}));
    ply_steps(html, record->id, shown_ply, record->plies);
    move_history(html, records, *record, *game);
    if (!record->active) public_notes(html, db, *record);
    record_links(html, record->id);
    html.open("p", {{"class", "quiet"}}).text("Started ");
    time_element(html, record->created_at);
    html.text(".").close("p");
  });
  return response;
}

std::optional<WebResponse> board_picture(Database& db, std::int64_t id, std::optional<int> ply,
                                         const std::string& if_none_match) {
  GameRecords records(db);
  const auto record = records.find(id);
  if (!record || record->invitation || (ply && (*ply < 0 || *ply > record->plies))) return std::nullopt;
  const auto game = records.replay(*record, ply);
  WebResponse response;
  response.content_type = "image/png";
  // The picture is a function of the position alone (pictures/picture.h): its key names it.
  response.etag = "\"" + sha256_hex(PictureCache::key_of(*game)).substr(0, 32) + "\"";
  if (etag_matches(if_none_match, response.etag)) {
    response.status = 304;
    return response;
  }
  response.body = shared_picture_cache().picture(*game);
  return response;
}

}  // namespace pbem::server::web
