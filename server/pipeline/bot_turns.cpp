#include "server/pipeline/bot_turns.h"

#include "engine/bot/mcts.h"
#include "server/pipeline/computer_policy.h"
#include "server/pipeline/reply_queue.h"
#include "server/storage/game_records.h"
#include "server/storage/proposals.h"
#include "server/storage/game_listings.h"
#include "server/support/sha256.h"
#include "server/support/log.h"

namespace pbem::server {

std::optional<Account> find_bot_account(Database& db, const Config& config) {
  auto account = Accounts(db).find(config.bot.userid);
  if (account && account->computer) return account;
  return std::nullopt;
}

BotTurns::BotTurns(Database& db, const Config& config, WriteTurn* turn) : db_(db), config_(config), turn_(turn) {}

int BotTurns::play_pending() {
  if (!bot_) {
    bot_ = find_bot_account(db_, config_);
    if (!bot_) {
      if (!warned_ && Accounts(db_).find(config_.bot.userid)) {
        log_line("bot: the userid '" + config_.bot.userid +
                 "' belongs to a player, so there is no computer opponent; set bot.userid to a free userid");
        warned_ = true;
      }
      return 0;
    }
  }
  // Only the games where the computer is to move, by the stored turn (one indexed query):
  // a round costs the same with 10 or 1,000 games against the computer. A proposal waits
  // only in such a game (see answer_proposal).
  int stored = 0;
  for (std::int64_t game_id : GameListings(db_).awaiting(bot_->id))
    if (answer_proposal(game_id)) ++stored;
  // A stored move may finish a game or leave another the bot's turn again (never the same
  // game: the opponent moves next), so the list is read afresh until a round stores nothing.
  for (bool progress = true; progress;) {
    progress = false;
    for (std::int64_t game_id : GameListings(db_).awaiting(bot_->id))
      if (play_one(game_id)) {
        ++stored;
        progress = true;
      }
  }
  return stored;
}

// Only a proposal made while the computer was to move can be waiting here (it moves at
// once otherwise, and a move cancels a proposal); it must not wait for an answer that never
// comes. What it answers is pipeline/computer_policy.h's.
bool BotTurns::answer_proposal(std::int64_t game_id) {
  const auto waiting = Proposals(db_).pending(game_id);  // read first: most games have none
  if (!waiting || waiting->proposed_by == bot_->id) return false;
  WriteTurn::Scope scope(turn_);
  Transaction transaction(db_);
  GameRecords records(db_);
  const auto record = records.find(game_id);
  const auto pending = Proposals(db_).pending(game_id);
  if (!record || !record->active || record->aborted_by || !pending || pending->id != waiting->id) return false;
  const std::string tag = "bot " + record->type + " #" + std::to_string(record->id);
  const Outcome outcome = answer_proposal_as_computer(db_, config_, *record, *bot_);
  if (outcome.error) {
    log_line(tag + ": could not answer " + pending->proposer + "'s proposal: " + outcome.summary);
    return false;
  }
  // Message-IDs "pbem-bot-<game>-p<proposal>-<n>.<salt>": one answer per proposal.
  const std::string salt = sha256_hex(record->thread_id + "/proposal/" + std::to_string(pending->id)).substr(0, 12);
  const int sent = queue_replies(db_, config_, tag, CommandThread{}, outcome.replies,
                                 "pbem-bot-" + std::to_string(record->id) + "-p" + std::to_string(pending->id) + "-",
                                 salt, std::nullopt);
  transaction.commit();
  log_line("bot: " + outcome.summary + " (" + std::to_string(sent) + " replies queued)");
  return true;
}

bool BotTurns::play_one(std::int64_t game_id) {
  // Step 1: read and think, no lock held.
  GameRecords records(db_);
  auto record = records.find(game_id);
  if (!record || !record->active || record->aborted_by || record->to_move != bot_->id) return false;
  auto game = records.replay(*record);  // the position cache's, after the first time
  if (game->over() || userids_by_colour(*record, *game)[static_cast<std::size_t>(game->to_move())] != bot_->userid)
    return false;
  const int ply = record->plies + 1;
  const auto seed = static_cast<std::uint64_t>(record->id) * 1000003u + static_cast<std::uint64_t>(ply);
  const bot::Choice choice = bot::choose_ply(*game, bot::SearchLimits{config_.bot.playouts, seed});

  // Step 2: store it, if the game is still where it was.
  WriteTurn::Scope scope(turn_);
  Transaction transaction(db_);
  const auto now = records.find(game_id);
  if (!now || !now->active || now->aborted_by || now->plies != record->plies) return false;
  const std::string tag = "bot " + record->type + " #" + std::to_string(record->id);
  const Outcome outcome = play_computer_ply(db_, config_, *now, *bot_, choice.ply, ply);
  if (outcome.error) {
    // Cannot happen for a ply the engine chose in this very position; logged, nothing kept.
    log_line(tag + ": move " + choice.ply + " refused: " + outcome.summary);
    return false;
  }
  // Message-IDs "pbem-bot-<game>-<ply>-<n>.<salt>": the salt also tells apart two moves
  // at the same ply should a game ever go back a move (the record's last update differs).
  const std::string salt = sha256_hex(record->thread_id + "/" + std::to_string(ply) + "/" + record->updated_at).substr(0, 12);
  const int sent = queue_replies(db_, config_, tag, CommandThread{}, outcome.replies,
                                 "pbem-bot-" + std::to_string(record->id) + "-" + std::to_string(ply) + "-", salt,
                                 std::nullopt);
  transaction.commit();
  log_line("bot: " + outcome.summary + " (" + choice.reason + ", " + std::to_string(choice.playouts) +
           " playouts; " + std::to_string(sent) + " replies queued)");
  return true;
}

}  // namespace pbem::server
