// `<game> record board [userid password]` (server.md "Game records"): the move record as
// text with the game's SGF and JSON records attached; with a player's password, that
// player's own notes too.
#include "server/handlers/command_context.h"
#include "server/handlers/handlers.h"
#include "server/mailing/record_text.h"
#include "server/records/record_files.h"

namespace pbem::server::handlers {

void record(CommandContext& ctx, const Command& c) {
  // A password names a player of the game, whose record shows their own notes; without
  // one the record is the public one, as `history` needs none. An invitation has no
  // record: started_game_of_type says it has not started.
  const GameRecord record = c.userid.empty() ? ctx.started_game_of_type(c, c.boards.at(0).number)
                                             : ctx.player_in_game(c).second;
  auto game = ctx.records.replay(record);
  const std::vector<StoredMove> moves = ctx.records.moves(record.id);
  Reply reply =
      ctx.to_sender(record_subject(record), move_record_text(record, *game, moves, ctx.records.takebacks(record.id)));
  reply.attachments = record_files(record_source(ctx.db, ctx.competitions, record, moves, ctx.config.server.address));
  reply.about_game(record.id, record.thread_id);
  ctx.out.replies.push_back(reply);
}

}  // namespace pbem::server::handlers
