#include "server/mailing/game_mail.h"

#include "engine/text.h"
#include "server/play/game_clock.h"
#include "server/addresses/mail_addresses.h"
#include "server/mailing/move_links.h"
#include "server/mailing/board_list.h"
#include "server/mailing/deadline_calendar.h"
#include "server/support/clock.h"
#include "pictures/picture.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/rating_text.h"
#include "server/storage/watchers.h"
#include "server/mailing/clock_text.h"
#include "server/catalogue/catalogue.h"

namespace pbem::server {

namespace {

struct Recipient {
  std::int64_t id = 0;
  bool player = false;
};

// Who gets `mail`, in the order it is queued: the players in seat order, then the watchers.
std::vector<Recipient> recipients_of(UnitOfWork& work, const GameRecord& record, const GameMail& mail) {
  std::vector<Recipient> recipients;
  for (std::int64_t id : record.players)
    if (!mail.only_user || *mail.only_user == id) recipients.push_back({id, true});
  if (!mail.watcher_text || mail.only_user) return recipients;  // a mail for one player is theirs alone
  for (std::int64_t id : Watchers(work.db).of_game(record.id))
    if (id != record.players[0] && id != record.players[1])  // players get their own mail
      recipients.push_back({id, false});
  return recipients;
}


// What the player to move is asked to do: the command to edit, or a reply.
std::string move_prompt(const GameRecord& record, const Game& game, const std::string& userid) {
  std::string prompt = text(Msg::MovePrompt, {{"type", record.type}, {"game", record.id}, {"userid", userid}});
  if (game.swap_allowed()) prompt += text(Msg::MovePromptSwap);
  return prompt;
}

}  // namespace

// "\nHY 3 ratings:\n    alice 1500 -> 1662 (+162)\n..." under the result; empty for none.
std::string rating_lines(const std::string& type, const std::vector<RatingChange>& rating_changes) {
  if (rating_changes.empty()) return "";
  std::string lines = text(Msg::GameRatingsHeading, {{"title", game_title(type)}});
  for (const RatingChange& change : rating_changes)
    lines += "    " + rating_change_text(change.userid, change.before, change.after) + "\n";
  return lines;
}

const std::string& PictureOnDemand::png() {
  if (!png_) png_ = shared_picture_cache().picture(*game_);
  return *png_;
}

std::string_view PictureOnDemand::colour_key() const { return pictures::colour_key(*game_); }

void send_game_mail(UnitOfWork& work, const GameRecord& record, const GameMail& mail) {
  // First in every mail of a tournament, league or ladder game (a game is of one at most).
  const auto of = work.competitions.of_game(work.db, record.id);
  const std::string competition = of ? competition_heading(of->of) : "";
  for (const Recipient& recipient : recipients_of(work, record, mail)) {
    const Account account = *work.accounts.find_by_id(recipient.id);
    if (mail.move_report_by && *mail.move_report_by != account.id && !account.movemail) continue;  // their digest
    std::string said = competition;
    std::string reply_to;  // a watcher has no game address: a reply to their copy plays nothing
    std::string list_unsubscribe;  // a watcher's copy comes of a setting: RFC 2369's header stops it
    if (recipient.player) {
      said += mail.player_text(account);
      // A reply to it carries a move, accept or decline for this player (reply_move.h).
      if (mail.game_address)
        reply_to = player_game_address(work.db, work.config, record.id, account.userid, account.password_generation);
    } else {
      said += *mail.watcher_text +
              text(Msg::WatcherFooter, {{"type", record.type}, {"game", record.id}, {"userid", account.userid}});
      list_unsubscribe = watcher_unsubscribe_address(work.db, work.config, account, record);
    }
    // Only the player to move taps a move: the opponent's and the watchers' copies have none.
    const bool to_move = recipient.player && mail.linked_game && account.userid == mail.mover;
    std::optional<mail::BoardLinks> links;
    if (to_move) links = move_links(*mail.linked_game, reply_to, mail.subject);
    said = board_as_set(said, mail.rendered, mail.list, account.board);
    // The mover's deadline for their calendar, when they asked for it and the turn has one.
    std::optional<mail::Attachment> deadline;
    if (to_move && account.calendar && record.active && record.deadline_at)
      if (const auto at = parse_iso8601(*record.deadline_at))
        deadline = mail::Attachment{.filename = kDeadlineFile,
                                    .content_type = kDeadlineType,
                                    .data = deadline_ics({.game = record.id,
                                                          .account = account.id,
                                                          .title = text(Msg::GameSubject, {{"title", game_title(record.type)}, {"game", record.id}}),
                                                          .userid = account.userid,
                                                          .deadline = *at,
                                                          .now = std::chrono::system_clock::now(),
                                                          .domain = work.config.server.domain()})};
    const bool with_picture = mail.picture && account.pictures;
    if (with_picture && !mail.picture->colour_key().empty()) said += "\n" + std::string(mail.picture->colour_key()) + "\n";
    said += web_link(work.config, "/games/" + std::to_string(record.id));
    // Every confirmed address gets it; an unconfirmed one nothing.
    for (const std::string& address : account.confirmed) {
      Reply reply;
      reply.to = address;
      reply.subject = mail.subject;
      reply.text = said;
      reply.mark_board(mail.diagram);
      if (reply.boards.empty()) reply.mark_board(mail.list);  // `board list`: the list stands for it
      if (links && !reply.boards.empty()) reply.links = {*links};
      if (deadline) reply.attachments.push_back(*deadline);
      reply.about_game(record.id, record.thread_id);  // threads it with the game's other mail
      // Only a player's copy answers the command; a watcher's is never the answer.
      reply.to_sender = recipient.player && work.answers(address);
      reply.kind = MailKind::Game;
      if (recipient.player && mail.ends_game) reply.game_over_for = account.id;
      if (with_picture) reply.pictures = {{0, mail.picture->png()}};
      reply.reply_to = reply_to;
      reply.list_unsubscribe = list_unsubscribe;
      work.out.replies.push_back(reply);
    }
  }
}

void game_update(UnitOfWork& work, const GameRecord& record, const Game& game, const BoardUpdate& update) {
  const std::string& headline = update.headline;
  const auto users = userids_by_colour(record, game);
  // What follows the headline: the board (a player's note, if any, goes between them).
  const std::string rendered = game.render(RenderContext{users});
  const std::string below_headline = "\n\n" + board_heading(record) + "\n\n" + rendered + "\n";
  const std::string board = headline + below_headline;
  // How the game ended, one sentence for players and watchers alike (empty while it runs);
  // the players also read what the end does to their ratings.
  std::string ending;
  std::string players_ending;
  if (const auto winner = winner_of(record, game)) {
    ending = text(record.lost_on_time ? Msg::GameOverWinsOnTime : Msg::GameOverWins,
                  {{"player", users[static_cast<std::size_t>(*winner)]}, {"colour", colour_of(game, *winner)}});
    players_ending = ending + "\n" + rating_lines(record.type, update.rating_changes);
  } else if (record.aborted_by) {
    ending = text(Msg::GameOverWithoutResult, {{"aborted", aborted_note(record)}});
    players_ending = ending + text(Msg::GameOverNotRated);
  }
  const std::string mover = ending.empty() ? users[static_cast<std::size_t>(game.to_move())] : "";
  const auto player_text = [&](const Account& account) {
    const std::string note = update.player_note ? std::string(trim(update.player_note(account))) : "";
    std::string said = note.empty() ? board : headline + "\n\n" + note + below_headline;
    if (!ending.empty()) said += players_ending;
    else if (mover == account.userid) said += move_prompt(record, game, account.userid);
    else said += text(Msg::WaitingForMove, {{"player", mover}});
    if (const std::string clock = clock_lines(work.db, record, game, account.userid); !clock.empty())
      said += "\n" + clock;
    return said;
  };
  // Watchers see the same board; the lines for a player (a move prompt) are not theirs.
  const std::string watched =
      board + (ending.empty() ? text(Msg::WatchedToMove, {{"player", mover}, {"colour", colour_of(game, game.to_move())}})
                              : ending + "\n");
  PictureOnDemand picture(game);
  send_game_mail(work, record,
                 {.subject = update.subject.empty() ? game_subject(record, game) : update.subject,
                  .player_text = player_text,
                  .picture = &picture,
                  .diagram = game.diagram(),
                  .rendered = rendered,
                  .list = board_list(record, game),
                  .only_user = update.only_user,
                  .linked_game = ending.empty() ? &game : nullptr,
                  .mover = mover,
                  .watcher_text = watched,
                  .move_report_by = ending.empty() ? update.move_by : std::nullopt,
                  .ends_game = !ending.empty()});
}

void ply_update(UnitOfWork& work, const PlyEnd& end, const Game& game, const std::string& headline,
                std::int64_t mover) {
  if (end.answers.empty()) {
    game_update(work, end.record, game,
                {.headline = headline + end.cancelled, .rating_changes = end.rating_changes, .move_by = mover});
    return;
  }
  const Game& now = *end.position;
  std::string told = headline;
  int ply = game.ply_count();
  for (const ConditionalAnswer& answer : end.answers)
    told += text(Msg::ConditionalAnsweredWith,
                 {{"owner", answer.owner}, {"ply", now.describe_ply(answer.answer)}, {"moveno", ++ply}});
  const auto note = [&](const Account& account) {
    std::string said;
    for (const ConditionalAnswer& answer : end.answers)
      if (answer.owner_id == account.id)
        said += text(
            Msg::YourConditionalAnswered,
            {{"answer", answer.answer},
             {"ply", answer.to_ply},
             {"remaining", answer.lines_left == 1 ? text(Msg::OneLineRemains)
                                                  : text(Msg::SeveralLinesRemain, {{"n", answer.lines_left}})}});
    return said;
  };
  game_update(work, end.record, now,
              {.headline = told + end.cancelled,
               .rating_changes = end.rating_changes,
               .player_note = note,
               .move_by = mover});
}

void add_kind_watchers(UnitOfWork& work, const GameRecord& record) {
  Watchers watchers(work.db);
  for (std::int64_t id : watchers.of_kind(record.type))
    if (id != record.players[0] && id != record.players[1]) watchers.watch(record.id, id);
}

std::string watchers_line(UnitOfWork& work, const GameRecord& record) {
  return text(Msg::WatchersCount, {{"n", Watchers(work.db).count(record.id)}});
}

}  // namespace pbem::server
