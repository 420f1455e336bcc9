#include "server/handlers/cell_choice.h"

#include "server/mailing/cell_choice_mail.h"
#include "server/addresses/mail_addresses.h"
#include "server/mailing/refusal_text.h"
#include "server/play/ply_act.h"

namespace pbem::server {

void answer_cell_choice(CommandContext& ctx, const Account& player, const GameRecord& record, const std::string& cell,
                        std::optional<int> moveno) {
  auto chosen = choose_at_cell(ctx, record, player.id, cell, moveno);
  if (!chosen.done())
    throw CommandError(refusal_text(std::get<PlyRefusal>(chosen.outcome), record, *chosen.position));
  const CellChoice& choice = std::get<CellChoice>(chosen.outcome);
  const std::string address =
      player_game_address(ctx.db, ctx.config, record.id, player.userid, player.password_generation);
  Reply mail = cell_choice_mail(record, choice, player, address);
  mail.to = ctx.request.sender;
  mail.to_sender = true;
  ctx.out.summary = record.type + " #" + std::to_string(record.id) + " choice at " + choice.cell + " (" +
                    std::to_string(choice.plies.size()) + " tiles), nothing played";
  ctx.out.replies.push_back(std::move(mail));
}

}  // namespace pbem::server
