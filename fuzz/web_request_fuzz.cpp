// A request to the web window, as bytes off the socket: Beast's parser with the server's
// limits reading the header alone, the server's decision on it, then the routes and pages
// (web_routes.h) against a small database with a player, a finished game and a running
// one. The bytes are also tried as a request target alone, so the routing sees every path
// whether or not the rest is valid HTTP.
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstddef>
#include <cstdint>

#include "engine/registry.h"
#include "fuzz/fuzz_support.h"
#include "server/play/rated_game.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/migrations.h"
#include "server/storage/ratings.h"
#include "server/web/web_routes.h"

namespace {

namespace http = boost::beast::http;
using namespace pbem::server;

// Game 1 (HY 3, size 3) won by alice and rated, game 2 (Gates) with one move.
Database& site() {
  static Database db = [] {
    Database made(":memory:");
    migrate(made);
    Accounts accounts(made);
    const Account alice = accounts.create("alice", "secret1", {"alice@example.org"});
    const Account bob = accounts.create("bob", "secret2", {"bob@example.net"});
    GameRecords records(made);
    const auto play = [&](const std::string& type, const std::vector<std::string>& options,
                          const std::vector<std::string>& plies) {
      GameRecord record = records.create(type, pbem::create_game(type, options)->options_text(), alice.id, bob.id,
                                         "fuzz.example");
      auto game = pbem::create_game(type, options);
      for (const std::string& ply : plies) {
        const int colour = game->to_move();
        game->play(ply);
        record = records.append(record, ply, colour, colour == 0 ? alice.id : bob.id, *game);
      }
      if (const auto rated = rated_result(record)) Ratings(made).apply_result(*rated);
    };
    play("hy3", {"-size=3"}, {"c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"});
    play("gates", {}, {"c:d3"});
    return made;
  }();
  return db;
}

const Config& config() {
  static const Config made = default_config(".");
  return made;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pbem::fuzz::as_text(data, size);
  http::request_parser<http::empty_body> parser;
  parser.header_limit(8 * 1024);
  boost::beast::error_code error;
  // As the server reads: the header alone (not eager), then the decision on it.
  parser.put(boost::asio::buffer(text.data(), text.size()), error);
  if (!error && parser.is_header_done()) {
    const auto& request = parser.get();
    const std::string method(request.method_string());
    if (!web::refuse_before_body(method, !parser.is_done()))
      web::respond(site(), config(),
                   {method, std::string(request.target()), std::string(request[http::field::if_none_match])});
  }
  web::respond(site(), config(), {"GET", std::string(text), std::string(text)});
  return 0;
}
