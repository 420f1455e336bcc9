#include "server/web/web_layout.h"

#include "mail/html_page.h"
#include "server/mailing/reply_format.h"
#include "server/storage/account_erasure.h"
#include "server/support/clock.h"

namespace pbem::server::web {

namespace {

// One small stylesheet. The page never scrolls sideways: text wraps, a ratings table fits a
// phone's 390 px (its player column wraps a long userid), a drawn board or a wide table
// in <pre> scrolls inside its own box, pictures shrink to the width. System fonts, no
// downloads.
constexpr std::string_view kStylesheet = R"css(html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 60rem; padding: 0 0.75rem 2rem; font: 1rem/1.45 system-ui, sans-serif;
  color: #1b1b1b; background: #fdfcf8; overflow-wrap: anywhere; }
header { padding: 0.6rem 0; border-bottom: 1px solid #d8d4c8; margin-bottom: 0.8rem; }
header a { font-weight: bold; text-decoration: none; color: #1b1b1b; }
h1 { font-size: 1.4rem; margin: 0.6rem 0; }
h2 { font-size: 1.15rem; margin: 1.4rem 0 0.4rem; }
a { color: #0b57a4; }
pre { overflow-x: auto; max-width: 100%; padding: 0.5rem; background: #f3f0e6; border: 1px solid #e2ddcd;
  font: 0.85rem/1.25 ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: normal; }
img.board { display: block; max-width: 100%; height: auto; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.875rem; }
th, td { text-align: left; padding: 0.2rem 0.4rem 0.2rem 0; vertical-align: top; white-space: nowrap;
  overflow-wrap: normal; }
td.player { white-space: normal; overflow-wrap: anywhere; }
time { white-space: nowrap; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: nowrap; }
td.number, th.number { text-align: right; }
ul.games, ol.moves { padding-left: 1.4rem; }
svg.chart { display: block; max-width: 100%; height: auto; }
.quiet { color: #555; }
)css";

}  // namespace

std::string page(std::string_view site_name, std::string_view title, const std::function<void(Html&)>& body) {
  Html html;
  html.open("html", {{"lang", "en"}}).open("head");
  html.empty("meta", {{"charset", "utf-8"}});
  html.empty("meta", {{"name", "viewport"}, {"content", "width=device-width, initial-scale=1"}});
  html.element("title", std::string(title) + " - " + std::string(site_name));
  html.empty("link", {{"rel", "stylesheet"}, {"href", "/style.css"}});
  html.close("head").open("body");
  html.open("header").link("/", site_name).close("header");
  html.open("main").element("h1", title);
  body(html);
  html.close("main").close("body").close("html");
  return "<!DOCTYPE html>\n" + html.finish() + "\n";
}

WebResponse text_response(int status, std::string text) {
  WebResponse response;
  response.status = status;
  response.content_type = "text/plain; charset=utf-8";
  response.body = std::move(text) + "\n";
  return response;
}

WebResponse not_found(std::string_view site_name, std::string_view what) {
  WebResponse response;
  response.status = 404;
  response.body = page(site_name, "Not found", [&](Html& html) {
    html.element("p", what);
    html.open("p").link("/", "Back to the games in progress").close("p");
  });
  return response;
}

WebResponse stylesheet() {
  WebResponse response;
  response.content_type = "text/css; charset=utf-8";
  response.body = std::string(kStylesheet);
  response.cache_control = "max-age=3600";
  return response;
}

std::string turn_or_result(const GameRecord& record) {
  if (!record.active || !record.to_move) return game_state(record);
  const std::string& mover = *record.to_move == record.players[0] ? record.userids[0] : record.userids[1];
  // updated_at of a running game is its last move or take-back, or its start: a vacation,
  // which moves only the deadline, leaves it as it was.
  return mover + " to move since " + shown_time(record.updated_at);
}

void player_link(Html& html, std::string_view userid) {
  // An erased account has no page: its name is `deleted`, in plain text.
  if (userid == kDeletedUserid || userid.starts_with(kTombstonePrefix)) html.text(kDeletedUserid);
  else html.link("/players/" + std::string(userid), userid);
}

std::string game_path(std::int64_t id) { return "/games/" + std::to_string(id); }

void game_link(Html& html, std::int64_t id, std::string_view text) { html.link(game_path(id), text); }

void played_game_item(Html& html, const tournament::PlayedGame& game, const std::map<std::int64_t, std::string>& userids) {
  const auto userid = [&](std::int64_t id) {
    const auto found = userids.find(id);
    return found == userids.end() ? std::string() : found->second;
  };
  html.open("li");
  game_link(html, game.game_id, "#" + std::to_string(game.game_id));
  html.text(": ");
  player_link(html, userid(game.first));
  html.text(" vs ");
  player_link(html, userid(game.second));
  if (game.finished && game.winner) html.text(", " + userid(*game.winner) + " won" + (game.on_time ? " on time" : ""));
  else if (game.finished) html.text(", no result");
  else html.text(", in progress");
  html.close("li");
}

void preformatted(Html& html, std::string_view text) { html.element("pre", text); }

void mail_text(Html& html, std::string_view text) {
  for (const mail::TextBlock& block : mail::text_blocks(text)) {
    if (block.aligned) {
      std::string drawn;
      for (const std::string& line : block.lines) drawn += line + "\n";
      preformatted(html, drawn);
      continue;
    }
    html.open("p", {{"class", "text"}});
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
      if (i > 0) html.empty("br");
      html.text(block.lines[i]);
    }
    html.close("p");
  }
}

void board_and_legend(Html& html, std::string_view diagram, std::string_view rendered) {
  // render() starts with the diagram; were it ever not to, the whole text stays drawn.
  if (!rendered.starts_with(diagram)) diagram = rendered;
  preformatted(html, diagram);
  mail_text(html, rendered.substr(diagram.size()));
}

std::string shown_time(const std::string& stored) {
  const auto time = parse_iso8601(stored);
  return time ? readable_utc(*time) : stored;
}

void time_element(Html& html, const std::string& stored) {
  html.element("time", shown_time(stored), {{"datetime", stored}});
}

}  // namespace pbem::server::web
