// The computer opponent's moves (issue 17): the built-in account (config `bot.userid`)
// that anyone may challenge, played by the engine's Monte Carlo search (engine/bot).
//
// A move is made in two steps so that thinking never holds the database's write lock:
//  1. without the lock and outside any transaction, read the game and search (the budget
//     `bot.playouts` bounds the time);
//  2. in one transaction under the write turn, check the game is still at the ply searched
//     and carry the move out as the bot's own `<game> move` command (the same handler,
//     legality check, rating update and board mails as a player's move), its mails queued
//     in the same transaction. If anything changed meanwhile nothing is stored and the
//     next round thinks again.
// The search is seeded by game number and ply, so doing a move again after a crash
// (nothing was committed) chooses the same ply, and its mails get the same Message-IDs.
#pragma once

#include <optional>

#include "server/pipeline/write_turn.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// The computer's account (made by the first challenge to it, `Accounts::ensure_computer`),
// or nullopt while there is none or a player holds the configured userid.
std::optional<Account> find_bot_account(Database& db, const Config& config);

class BotTurns {
 public:
  BotTurns(Database& db, const Config& config, WriteTurn* turn = nullptr);

  // Answers every proposal made to the computer (it agrees in unrated games and declines in
  // rated ones), then plays every move that is the computer's to make now, one game at a
  // time, until none is left; returns how many answers and moves were stored. Throws
  // DatabaseError (nothing of the answer or move in hand is stored; earlier ones are).
  int play_pending();

 private:
  // The computer's answer to the opponent's pending proposal in game `game_id`, if there is
  // one; true if an answer was stored.
  bool answer_proposal(std::int64_t game_id);
  // One move in game `game_id` if it is the computer's turn there; true if one was stored.
  bool play_one(std::int64_t game_id);

  Database& db_;
  const Config& config_;
  WriteTurn* turn_;
  std::optional<Account> bot_;
  bool warned_ = false;  // a player holds the configured userid: said once
};

}  // namespace pbem::server
