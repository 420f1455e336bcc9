#include "server/competition/ladder_play.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/competition/competition_game.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/competition_mail.h"
#include "server/mailing/reply_format.h"
#include "server/play/seats.h"
#include "server/support/clock.h"
#include "server/tournament/ladder_rules.h"

namespace pbem::server {

std::vector<LadderRecord> take_off_ladders(Database& db, std::int64_t user_id) {
  Ladders ladders(db);
  const std::vector<LadderRecord> stood_on = ladders.of_player(user_id);
  for (const LadderRecord& l : stood_on)
    ladders.set_order(l.id, ladder::left(ladders.order(l.id), user_id), now_iso8601());
  return stood_on;
}

GameRecord start_climb(UnitOfWork& work, const LadderRecord& l, const Account& climber, const Account& target) {
  const GameRecord record = create_competition_game(
      work, {l.type, l.game_options, l.rated, l.days_per_move, l.time_bank, l.weekends_off}, {climber.id, target.id});
  Ladders(work.db).add_game(l.id, record.id, climber.id, target.id);  // before the mail: its Ladder line
  const auto game = work.records.replay(record);
  game_update(work, record, *game,
              {.headline = climb_headline(l.type, record.id, climber.userid, colour_of(*game, 0), target.userid,
                                          colour_of(*game, 1))});
  return record;
}

void settle_climb(UnitOfWork& work, PlyEnd& end, const Game*) {
  const GameRecord& stored = end.record;
  if (stored.active) return;
  Ladders ladders(work.db);
  const auto game = ladders.game(stored.id);
  if (!game || game->ended_at) return;
  const auto winner = winner_id(stored);
  const std::string now = now_iso8601();
  std::optional<int> climbed_to;
  if (winner) {
    const ladder::Rungs before = ladders.order(game->ladder_id);
    const ladder::Rungs after = ladder::after_climb(before, game->climber_id, game->target_id, *winner == game->climber_id);
    if (after != before) {
      climbed_to = ladder::rung_of(after, game->climber_id);
      ladders.set_order(game->ladder_id, after, now);
      work.record(event::RungsMoved{game->ladder_id, stored.id, *climbed_to});
    }
  }
  ladders.end_game(stored.id, winner, climbed_to, now);

  // Both players learn where they stand now (the game's own mail says how it ended).
  LadderGame ended = *game;
  ended.winner_id = winner;
  ended.climbed_to = climbed_to;
  const LadderRecord l = *ladders.find(game->ladder_id);
  const ladder::Rungs rungs = ladders.order(l.id);
  for (const std::int64_t user_id : {game->climber_id, game->target_id}) {
    const auto account = work.accounts.find_by_id(user_id);
    if (!account) continue;
    auto [subject, words] = climb_over_mail(work.config, l, ended, ladder::rung_of(rungs, user_id), rungs.size());
    Reply mail;
    mail.subject = std::move(subject);
    mail.text = std::move(words);
    mail.kind = MailKind::Game;
    work.mail_account(*account, mail);
  }
}

}  // namespace pbem::server
