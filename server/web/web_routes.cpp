#include "server/web/web_routes.h"

#include <charconv>
#include <optional>
#include <string_view>
#include <utility>

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

// The value of parameter `name` in the request target's query string ("/games/1?ply=3":
// "3"), nothing when it has none; any other parameter (a link's ?utm=...) changes nothing.
std::optional<std::string_view> query_value(std::string_view target, std::string_view name) {
  const auto question = target.find('?');
  if (question == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(question + 1);
  query = query.substr(0, query.find('#'));
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const auto equals = pair.find('=');
    if (pair.substr(0, equals) == name)
      return equals == std::string_view::npos ? std::string_view() : pair.substr(equals + 1);
  }
  return std::nullopt;
}

// A ply as a path segment or parameter: 0 (the empty board) or a number, not absurdly large.
std::optional<int> ply_number(std::string_view text) {
  const auto ply = number_segment(text);
  if (!ply || *ply > 100000) return std::nullopt;
  return static_cast<int>(*ply);
}

// /games/N, /games/N?ply=K, /games/N.png, /games/N/K.png, /games/N.sgf, /games/N.json
std::optional<WebResponse> game_route(Database& db, const Config& config, const WebRequest& request,
                                      std::string_view rest) {
  if (auto id = number_segment(rest)) {
    const auto ply_text = query_value(request.target, "ply");
    if (!ply_text) return game_page(db, config, *id);
    const auto ply = ply_number(*ply_text);
    if (!ply) return std::nullopt;
    return game_page(db, config, *id, *ply);
  }
  for (const auto& [suffix, format] : {std::pair{".sgf", RecordFormat::Sgf}, std::pair{".json", RecordFormat::Json}}) {
    if (!rest.ends_with(suffix)) continue;
    const auto id = number_segment(rest.substr(0, rest.size() - std::string_view(suffix).size()));
    if (!id) return std::nullopt;
    return record_file(db, config, *id, format);
  }
  if (!rest.ends_with(".png")) return std::nullopt;
  rest.remove_suffix(4);
  const auto slash = rest.find('/');
  const auto id = number_segment(rest.substr(0, slash));
  if (!id) return std::nullopt;
  if (slash == std::string_view::npos) return board_picture(db, *id, std::nullopt, request.if_none_match);
  const auto ply = ply_number(rest.substr(slash + 1));
  if (!ply) return std::nullopt;
  return board_picture(db, *id, *ply, request.if_none_match);
}

std::optional<WebResponse> route(Database& db, const Config& config, const WebRequest& request, std::string_view path) {
  const std::string_view games = "/games/";
  if (path == "/") return home_page(db, config);
  if (path == "/style.css") return stylesheet();
  if (path.starts_with(games)) return game_route(db, config, request, path.substr(games.size()));
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
  // The query string changes nothing but a game page's ?ply= (a link's ?utm=..., a cache
  // buster are ignored).
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
