// The record on a game-over mail (server.md "Game records"): each player's mail that ends a
// game carries `<game>-<N>.sgf` with their own notes (and, the game being over, every
// sealed note), unless they `set ... records off`. mailing/ marks which copy is whose
// game-over mail (Reply::game_over_for); the record is written here, as the mail is queued,
// in the transaction that ended the game, so it is the record of the game as it ended.
#pragma once

#include <cstdint>
#include <vector>

#include "mail/outgoing_message.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

// The files `player`'s game-over mail of game `game_id` carries: its SGF, or none when they
// turned records off (or the game or the account is gone).
std::vector<mail::Attachment> game_over_record(Database& db, const Config& config, std::int64_t game_id,
                                               std::int64_t player);

}  // namespace pbem::server
