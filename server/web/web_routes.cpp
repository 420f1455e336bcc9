#include "server/web/web_routes.h"

#include <charconv>
#include <optional>
#include <string_view>

#include "server/support/log.h"
#include "server/web/read_transaction.h"
#include "server/web/web_layout.h"
#include "server/web/web_pages.h"

namespace pbem::server::web {

namespace {

// A number as a path segment: digits only, no sign, no leading zero, fits easily.
std::optional<std::int64_t> number_segment(std::string_view text) {
  if (text.empty() || text.size() > 15 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A userid or game name as a path segment: what userids are made of, nothing to decode.
bool plain_segment(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.'))
      return false;
  return true;
}

std::optional<WebResponse> route(Database& db, const Config& config, const WebRequest& request, std::string_view path) {
  const std::string_view games = "/games/";
  if (path == "/") return home_page(db, config);
  if (path == "/style.css") return stylesheet();
  if (path.starts_with(games)) {
    std::string_view rest = path.substr(games.size());
    if (auto id = number_segment(rest)) return game_page(db, config, *id);
    if (rest.ends_with(".png")) {
      rest.remove_suffix(4);
      const auto slash = rest.find('/');
      const auto id = number_segment(rest.substr(0, slash));
      if (!id) return std::nullopt;
      if (slash == std::string_view::npos) return board_picture(db, *id, std::nullopt, request.if_none_match);
      const std::string_view ply_text = rest.substr(slash + 1);
      const auto ply = ply_text == "0" ? std::optional<std::int64_t>(0) : number_segment(ply_text);
      if (!ply || *ply > 100000) return std::nullopt;
      return board_picture(db, *id, static_cast<int>(*ply), request.if_none_match);
    }
    return std::nullopt;
  }
  if (path.starts_with("/players/")) {
    const std::string_view userid = path.substr(9);
    if (!plain_segment(userid)) return std::nullopt;
    return player_page(db, config, std::string(userid));
  }
  if (path.starts_with("/ratings/")) {
    const std::string_view type = path.substr(9);
    if (!plain_segment(type)) return std::nullopt;
    return ratings_page(db, config, std::string(type));
  }
  if (path.starts_with("/tournaments/")) {
    if (auto id = number_segment(path.substr(13))) return tournament_page(db, config, *id);
  }
  if (path.starts_with("/ladders/")) {
    if (auto id = number_segment(path.substr(9))) return ladder_page(db, config, *id);
  }
  if (path.starts_with("/leagues/")) {
    if (auto id = number_segment(path.substr(9))) return league_page(db, config, *id);
  }
  return std::nullopt;
}

}  // namespace

std::optional<WebResponse> refuse_before_body(std::string_view method, bool body_follows) {
  if (method != "GET" && method != "HEAD") {
    WebResponse response = text_response(405, "Only GET and HEAD: this window is read-only.");
    response.allow = "GET, HEAD";
    return response;
  }
  if (body_follows) return text_response(413, "A request to this window has no body.");
  return std::nullopt;
}

WebResponse respond(Database& db, const Config& config, const WebRequest& request) {
  if (auto refused = refuse_before_body(request.method, false)) return *refused;
  if (request.target.size() > kMaxTargetLength) return text_response(414, "The address is too long.");
  // The query string (a link's ?utm=..., a cache buster) changes nothing.
  const std::string_view path = std::string_view(request.target).substr(0, request.target.find_first_of("?#"));
  if (!path.starts_with('/')) return text_response(400, "A request names a path starting with /.");
  try {
    ReadTransaction snapshot(db);
    if (auto response = route(db, config, request, path)) return *response;
    return not_found(config.server.name, "Nothing is at " + std::string(path) + ".");
  } catch (const std::exception& e) {
    log_line("web: " + std::string(path) + ": " + e.what());
    return text_response(500, "The server could not show this page; the error is in its log.");
  }
}

}  // namespace pbem::server::web
