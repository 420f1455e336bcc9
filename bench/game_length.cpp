// Flat in game length (issue 33 item 3): what a move costs early in a long game against late
// in it, in the same run. Two users play one HY 3 game (size 13 unless told) of random legal
// moves through MailService, the path `pbem ingest` and pbemd share: each move a real RFC 5322
// message stored in the inbox, then processed in its own transaction (intake, password,
// the move, end of ply, both board mails composed into the outbox, one with a picture).
// Two games of the same random plies: one is brought to ply `--late`, the other to `--early`,
// unmeasured; then `--measured` moves of each alternate, each timed alone (the process's
// CPU time and the wall time), and the medians are compared.
//   build/bench/game_length [--size 13] [--early 10] [--late 400] [--measured 20] [--pictures on|off]
//                           [--dir DIR]
// The server's log lines go to standard error.
// The SQLite file is kept in DIR (a fresh temporary directory by default, removed after).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/registry.h"
#include "engine/text.h"
#include "server/pipeline/mail_service.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "server/support/config.h"

using namespace pbem::server;

namespace {

double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Options {
  int size = 13;
  int early = 10;
  int late = 400;
  int measured = 20;
  bool pictures = true;
  std::filesystem::path dir;
};

Options parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--size") options.size = std::stoi(value);
    else if (flag == "--early") options.early = std::stoi(value);
    else if (flag == "--late") options.late = std::stoi(value);
    else if (flag == "--measured") options.measured = std::stoi(value);
    else if (flag == "--dir") options.dir = value;
    else if (flag == "--pictures") options.pictures = value != "off";
    else throw std::invalid_argument("unknown option " + flag);
  }
  return options;
}

// A random legal game that is still going at `length` plies (no resignation, no swap).
std::vector<std::string> long_game(const std::string& options, int length) {
  for (unsigned seed = 1; seed < 1000; ++seed) {
    std::mt19937 random(seed);
    auto game = pbem::create_game("hy3", pbem::split_words(options));
    std::vector<std::string> plies;
    while (static_cast<int>(plies.size()) < length && !game->over()) {
      auto legal = game->legal_plies();
      std::erase(legal, "swap");
      const std::string ply = legal.at(std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random));
      game->play(ply);
      plies.push_back(ply);
    }
    if (!game->over()) return plies;
  }
  throw std::runtime_error("no random game lasts " + std::to_string(length) + " plies on " + options);
}

class Player {
 public:
  Player(MailService& mail, Database& db) : mail_(mail), db_(db) {}

  // One message through the inbox and its processing, as `pbem ingest` does it.
  void send(const std::string& from, const std::string& subject) {
    const std::string raw = "From: " + from + "\r\nTo: pbem@bench.example\r\nSubject: " + subject +
                            "\r\nMessage-ID: <" + std::to_string(++sent_) + "@bench.example>\r\n"
                            "Date: Wed, 25 Nov 2026 10:00:00 +0000\r\n\r\nbench\r\n";
    mail_.process(mail_.receive(raw, from).inbox_id);
  }

  // The newest queued text to `to` (the confirmation code, the game number).
  std::string last_text_to(const std::string& to) {
    auto query = db_.prepare("SELECT t.data FROM outbox o JOIN outbox_texts t ON t.outbox_id = o.id WHERE o.recipient = ? "
                             "ORDER BY o.id DESC LIMIT 1");
    query.bind(1, to);
    if (!query.step()) throw std::runtime_error("no mail to " + to);
    return query.column_text(0);
  }

  void member(const std::string& userid) {
    const std::string address = userid + "@bench.example";
    send(address, "signup " + userid + " secret-" + userid);
    std::smatch code;
    const std::string welcome = last_text_to(address);
    if (!std::regex_search(welcome, code, std::regex("confirm " + userid + " (\\w+)")))
      throw std::runtime_error("no confirmation code for " + userid);
    send(address, "confirm " + userid + " " + code[1].str());
  }

 private:
  MailService& mail_;
  Database& db_;
  int sent_ = 0;
};

struct Cost {
  double cpu_ms = 0;
  double wall_ms = 0;
};

// The median of each column on its own.
Cost median(std::vector<Cost> costs) {
  const auto middle = costs.size() / 2;
  std::nth_element(costs.begin(), costs.begin() + static_cast<std::ptrdiff_t>(middle), costs.end(),
                   [](const Cost& a, const Cost& b) { return a.cpu_ms < b.cpu_ms; });
  const double cpu = costs[middle].cpu_ms;
  std::nth_element(costs.begin(), costs.begin() + static_cast<std::ptrdiff_t>(middle), costs.end(),
                   [](const Cost& a, const Cost& b) { return a.wall_ms < b.wall_ms; });
  return {cpu, costs[middle].wall_ms};
}

struct Game {
  std::string number;
  int ply = 0;
};

}  // namespace

int main(int argc, char** argv) try {
  const Options options = parse(argc, argv);
  const bool own_dir = options.dir.empty();
  const std::filesystem::path dir =
      own_dir ? std::filesystem::temp_directory_path() / ("game_length." + std::to_string(getpid())) : options.dir;
  std::filesystem::create_directories(dir);
  {
    Database db(dir / "pbem.sqlite");
    migrate(db);
    const Config config = default_config(dir);
    MailService mail(db, config);
    Player players(mail, db);
    players.member("alice");
    players.member("bob");
    if (!options.pictures)
      for (const std::string userid : {"alice", "bob"})
        players.send(userid + "@bench.example", "set " + userid + " secret-" + userid + " pictures off");
    const std::string board = "-size=" + std::to_string(options.size);
    auto challenge = [&] {
      players.send("alice@bench.example", "hy3 challenge alice bob " + board);
      std::smatch number;
      const std::string text = players.last_text_to("alice@bench.example");
      if (!std::regex_search(text, number, std::regex("#(\\d+)")))
        throw std::runtime_error("no game number in the challenge's mail");
      return Game{number[1].str()};
    };
    const auto plies = long_game(board, options.late + options.measured);
    auto play_one = [&](Game& game) {
      const std::string mover = game.ply % 2 == 0 ? "alice" : "bob";
      players.send(mover + "@bench.example", "hy3 move " + game.number + " " + mover + " secret-" + mover + " " +
                                                 plies.at(static_cast<std::size_t>(game.ply)));
      ++game.ply;
    };
    // Two games of the same plies, one brought to --late and one to --early unmeasured; then
    // their moves alternate, each timed alone, so both see the same machine.
    Game late = challenge();
    Game early = challenge();
    while (late.ply < options.late) play_one(late);
    while (early.ply < options.early) play_one(early);
    std::vector<Cost> early_costs, late_costs;
    auto timed = [&](Game& game, std::vector<Cost>& costs) {
      const double cpu = cpu_seconds();
      const double wall = wall_seconds();
      play_one(game);
      costs.push_back({(cpu_seconds() - cpu) * 1000, (wall_seconds() - wall) * 1000});
    };
    for (int i = 0; i < options.measured; ++i) {
      timed(early, early_costs);
      timed(late, late_costs);
    }
    const Cost at_early = median(early_costs);
    const Cost at_late = median(late_costs);
    std::printf("HY 3 size %d, pictures %s, %d moves from each ply, alternating; median per move:\n", options.size,
                options.pictures ? "on" : "off", options.measured);
    std::printf("  from ply %4d: %7.3f ms CPU  %7.3f ms wall\n", options.early, at_early.cpu_ms, at_early.wall_ms);
    std::printf("  from ply %4d: %7.3f ms CPU  %7.3f ms wall\n", options.late, at_late.cpu_ms, at_late.wall_ms);
    std::printf("  ratio late/early: %.2f CPU, %.2f wall (target at most 1.5)\n", at_late.cpu_ms / at_early.cpu_ms,
                at_late.wall_ms / at_early.wall_ms);
  }
  if (own_dir) std::filesystem::remove_all(dir);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "game_length: %s\n", e.what());
  return 1;
}
