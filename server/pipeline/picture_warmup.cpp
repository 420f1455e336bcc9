#include "server/pipeline/picture_warmup.h"

#include <exception>

#include "server/language/command_table.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/verified_password_cache.h"

namespace pbem::server {
namespace {

// A ply the processor would carry out: in which game (and, for a command, which kind it
// names) and the ply.
struct AheadPly {
  std::int64_t game = 0;
  std::optional<std::string> type;  // a command's: the game must be of it
  std::string ply;
};

// The ply the processor would carry out for this command of a mail, if it is one whose
// credential is already known good: a player's act, which came to a valid game or digest
// address, or a move command whose password is one this process has verified before (a hit
// in the verified-password cache). Drawing for a password nobody has checked would let any
// stranger's mail cost 6-23 ms of CPU. An act's ply is drawn ahead when the row of the
// command asking for it is (a swap's is not), as it was when a reply was that command.
std::optional<AheadPly> move_of(const ParsedCommand& parsed, bool to_game_address, const Accounts& accounts) {
  if (parsed.act) {
    const auto* ply = std::get_if<AskedPly>(&parsed.act->asked);
    const CommandSpec* own_row = ply ? move_word_command(ply->ply) : nullptr;
    const CommandSpec& row = own_row ? *own_row : command_named("move");
    if (!to_game_address || !ply || !row.traits.drawn_ahead) return std::nullopt;
    return AheadPly{parsed.act->game, std::nullopt, ply->ply};
  }
  const auto& command = parsed.command;
  if (!command || !command->spec->traits.drawn_ahead || command->boards.empty()) return std::nullopt;
  const AheadPly ahead{command->boards.front().number, command->type, command->move};
  if (to_game_address) return ahead;
  if (command->password.empty()) return std::nullopt;
  const auto account = accounts.find(command->userid);
  const auto hash = account ? accounts.password_hash(account->id) : std::nullopt;
  if (!hash || !VerifiedPasswordCache::process_wide().contains(command->userid, command->password, *hash))
    return std::nullopt;
  return ahead;
}

}  // namespace

std::vector<std::unique_ptr<Game>> positions_after_moves(Database& db, const std::vector<const IntakeRecord*>& records) {
  std::vector<std::unique_ptr<Game>> positions;
  GameRecords games(db);
  Accounts accounts(db);
  for (const IntakeRecord* record : records)
    for (const ParsedCommand* parsed : commands_of(*record)) {  // a multiple's lines too
      try {
        const auto move = move_of(*parsed, record->address_owner.has_value(), accounts);
        if (!move) continue;
        const auto game_record = games.find(move->game);
        if (!game_record || !game_record->active || (move->type && game_record->type != *move->type)) continue;
        bool wanted = false;
        for (std::int64_t id : game_record->players)
          if (const auto player = accounts.find_by_id(id)) wanted = wanted || player->pictures;
        if (!wanted) continue;
        auto game = games.replay(*game_record);
        if (!game->over() && game->play(move->ply).ok) positions.push_back(std::move(game));
      } catch (const DatabaseError&) {
        throw;  // busy, ...: the batch is retried later, as for its other reads
      } catch (const std::exception&) {
        // A record that does not replay is the processor's to report; nothing is drawn ahead.
      }
    }
  return positions;
}

}  // namespace pbem::server
