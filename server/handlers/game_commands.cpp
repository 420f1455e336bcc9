// Game commands: challenge, abort, move/swap, resign, show, games, history, chat, preview.
// (`record` is record_commands.cpp.)
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>

#include "engine/registry.h"
#include "mail/address.h"
#include "server/mailing/clock_text.h"
#include "server/mailing/record_text.h"
#include "server/mailing/proposal_mail.h"
#include "server/mailing/proposal_refusal_text.h"
#include "server/mailing/refusal_text.h"
#include "server/mailing/usage_text.h"
#include "server/play/ply_act.h"
#include "server/play/proposal_act.h"
#include "server/play/challenge_options.h"
#include "server/handlers/cell_choice.h"
#include "server/context/command_context.h"
#include "server/play/end_of_ply.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/board_list.h"
#include "server/handlers/handlers.h"
#include "server/handlers/invitations.h"
#include "server/handlers/player_acts.h"
#include "server/language/command_table.h"
#include "server/play/game_clock.h"
#include "server/handlers/proposal_commands.h"
#include "server/handlers/answer.h"
#include "server/replies/challenge_option_replies.h"
#include "server/replies/game_headlines.h"
#include "server/replies/game_replies.h"
#include "server/mailing/reply_format.h"
#include "server/addresses/mail_addresses.h"
#include "server/storage/game_listings.h"

namespace pbem::server {

namespace {

// For an error to a move by reply: when the reply went to `player`'s game address from an
// address that is not theirs (the other player answering the wrong board mail), say so.
std::string by_someone_elses_address(const CommandContext& ctx, const Account& player) {
  if (ctx.request.authenticated_userid != player.userid || CommandContext::is_address_of(player, ctx.request.from))
    return "";
  return someone_elses_address_note(player.userid, mail::shown_address(ctx.request.from));
}

// True when the ply leaves the game to the computer, which answers it at once: its board
// mail then tells both plies, and this one sends none (no conditional move answered it).
bool computer_answers(const CommandContext& ctx, const PlyPlayed& done) {
  const auto& next = done.end.record.to_move;
  if (done.game->over() || !next || !done.end.answers.empty()) return false;
  const auto account = ctx.accounts.find_by_id(*next);
  return account && account->computer && account->userid == ctx.config.bot.userid;
}

// "alice played d4 as move 5, and": the opponent's ply that the computer's board mail
// reports with its answer (computer_answers above sent none for it).
std::string ply_answered(const Game& game, const PlyPlayed& done, const GameRecord& record, std::int64_t computer) {
  const std::string& ply = game.record().at(static_cast<std::size_t>(done.number - 2));
  const int seat = record.players[0] == computer ? 1 : 0;
  return ply_answered_lead(record.userids[static_cast<std::size_t>(seat)], game, ply, done.number - 1);
}

// The options of a challenge (its words after the second userid), or its usage error.
std::pair<ChallengeOptions, std::unique_ptr<Game>> challenge_options(const Command& c) {
  try {
    ChallengeOptions options = split_challenge_options(std::vector<std::string>(c.words.begin() + 1, c.words.end()));
    auto game = create_game(c.type, options.game_options);
    return {std::move(options), std::move(game)};
  } catch (const ChallengeOptionError& error) {
    throw CommandError(refusal_text(error.refusal()), CommandContext::usage(c));
  } catch (const OptionError& error) {
    throw CommandError(error.what(), CommandContext::usage(c));
  }
}

// The game challenge `c` asks for (its options, clock, rating and weekends) between `first`
// and `second`, sent by `challenger`.
Challenge asked_game(const CommandContext& ctx, const Command& c, const ChallengeOptions& options, const Game& game,
                     const Account& first, const Account& second, const Account& challenger) {
  return {.type = c.type,
          .options = game.options_text(),
          .first = first,
          .second = second,
          .challenger = challenger,
          .rated = options.rated,
          .days_per_move = options.bank ? 0 : options.days_per_move.value_or(ctx.config.clock.days_per_move),
          .bank = options.bank,
          .weekends_off = options.weekends_off};
}

// A challenge rests on its From alone. With a Reply-To elsewhere its answer, refusal or
// not, would tell a stranger whether the From is a player's address: it is refused, and
// the refusal says no more (processor.cpp), whatever the From.
void refuse_reply_elsewhere(const CommandContext& ctx) {
  if (!ctx.reply_goes_to_from())
    throw CommandError(refusal_text(game_refusal::ReplyElsewhere{}));
}

// `challenge userid any` (or `any userid`: the challenger moves second): an open invitation.
// The options are read before the sender's address is looked at: an error about them must
// read the same whoever sent the mail (spec "Limits, third round": no address-to-userid
// oracle in the order of checks).
void open_challenge(CommandContext& ctx, const Command& c) {
  const bool moves_first = c.words.at(0) == kAnyone;
  if (moves_first && c.userid == kAnyone)
    throw CommandError(refusal_text(game_refusal::OpenInvitationWithoutChallenger{}), CommandContext::usage(c));
  auto [options, game] = challenge_options(c);
  refuse_reply_elsewhere(ctx);
  const Account challenger = ctx.existing_account(moves_first ? c.userid : c.words.at(0));
  if (std::find(challenger.confirmed.begin(), challenger.confirmed.end(), ctx.request.from) ==
      challenger.confirmed.end())
    throw CommandError(refusal_text(
        game_refusal::OpenInvitationUnconfirmed{challenger.userid, mail::shown_address(ctx.request.from)}));
  if (!challenger.active) throw CommandError(refusal_text(game_refusal::SignedOffCannotInvite{challenger.userid}));
  ctx.refuse_if_suspended(c, challenger);
  post_open_invitation(ctx, asked_game(ctx, c, options, *game, challenger, challenger, challenger),
                       moves_first ? 1 : 0, options.rating_range);
}

}  // namespace

namespace handlers {

void challenge(CommandContext& ctx, const Command& c) {
  if (c.userid == kAnyone || c.words.at(0) == kAnyone) return open_challenge(ctx, c);
  // The options first: their errors read the same whoever sent the mail (no oracle).
  auto [options, game] = challenge_options(c);
  if (options.rating_range)
    throw CommandError(refusal_text(game_refusal::RatingRangeNotOpen{c.userid, c.words.at(0)}), CommandContext::usage(c));
  refuse_reply_elsewhere(ctx);
  // The computer opponent's account is made when it is first challenged (kept in this
  // command's savepoint, so a refused challenge leaves no account behind either).
  for (const std::string& userid : {c.userid, c.words.at(0)})
    if (userid == ctx.config.bot.userid) ctx.accounts.ensure_computer(userid);
  Account first = ctx.existing_account(c.userid);
  Account second = ctx.existing_account(c.words.at(0));
  if (first.id == second.id) throw CommandError(refusal_text(game_refusal::TwoDifferentPlayers{}));
  // The From address decides (a Reply-To can name anyone).
  auto confirmed_for = [&](const Account& account) {
    return std::find(account.confirmed.begin(), account.confirmed.end(), ctx.request.from) != account.confirmed.end();
  };
  if (!confirmed_for(first) && !confirmed_for(second)) {
    // A newcomer's most likely mistake: their own address, not confirmed yet. Said only
    // when the answer goes to that address itself: to a Reply-To elsewhere it would tell
    // anyone whose address it is (then the answer is the one for an address nobody has).
    const std::string from = mail::shown_address(ctx.request.from);
    for (const Account* account : {&first, &second})
      if (ctx.reply_goes_to_from() &&
          std::find(account->addresses.begin(), account->addresses.end(), ctx.request.from) != account->addresses.end())
        throw CommandError(refusal_text(game_refusal::FromUnconfirmedOwnAddress{from, account->userid}));
    throw CommandError(refusal_text(game_refusal::ChallengeUnconfirmed{first.userid, second.userid, from}));
  }
  // The challenger is the player whose confirmed address sent it; the other is invited.
  const Account& challenger = confirmed_for(first) ? first : second;
  ctx.refuse_if_suspended(c, challenger);
  const GameRecord record = start_or_invite(
      ctx, asked_game(ctx, c, options, *game, first, second, challenger),
      new_game_headline(c.type, *game, first.userid, second.userid));
  ctx.out.summary = (record.invitation ? "invitation: " : "challenge: ") + c.type + " #" + std::to_string(record.id) +
                    " " + first.userid + " vs " + second.userid;
  if (record.invitation) return;
  // Started at once (`challenges auto`) on the authority of a From header, which can be
  // forged: a player can undo an unwanted game alone until their own first move.
  for (Reply& reply : ctx.out.replies) {
    const Account* to = CommandContext::is_address_of(first, reply.to) ? &first
                        : CommandContext::is_address_of(second, reply.to) ? &second
                                                                           : nullptr;
    if (!to) continue;  // a watcher's copy: not theirs to abort
    reply.text += unwanted_game_note(c.type, record.id, to->userid);
  }
}

void abort_game(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  abort_as(ctx, player, record);
}

void abort_as(CommandContext& ctx, const Account& player, const GameRecord& record) {
  // (The act, play/proposal_act.h: this handler's name hides it here.)
  auto aborted = server::abort_game(ctx, record, player.id);
  if (!aborted.done()) throw CommandError(refusal_text(std::get<AbortRefusal>(aborted.outcome), ctx, record));
  const AbortDone& done = std::get<AbortDone>(aborted.outcome);
  if (done.proposed()) return announce_abort_proposal(ctx, player, record, *done.proposal);
  ctx.out.summary = record.type + " #" + std::to_string(record.id) + " aborted by " + player.userid;
  aborted_alone_mail(ctx, record, player.userid);
}

void move(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  play_move(ctx, player, record, c.move, c.moveno);
}

void play_move(CommandContext& ctx, const Account& player, const GameRecord& record, const std::string& ply,
               std::optional<int> moveno) {
  auto played = play_ply(ctx, record, player.id, ply, moveno);
  if (!played.done()) {
    const PlyRefusal& why = std::get<PlyRefusal>(played.outcome);
    // A Gates cell link's reply ("d3#12") names the cell alone: it plays nothing and brings
    // back the tiles that may go there, to choose from (by a game address only: a command
    // with its password names its tile).
    if (ctx.request.address_game && std::holds_alternative<refusal::IllegalPly>(why) &&
        is_bare_cell_of_tile_game(*played.position, ply))
      return answer_cell_choice(ctx, player, record, ply, moveno);
    std::string reason = refusal_text(why, record, *played.position);
    if (std::holds_alternative<refusal::NotYourTurn>(why)) reason += by_someone_elses_address(ctx, player);
    // The usage of the command that asks for this ply (`swap` is a command of its own).
    const CommandSpec* own_row = move_word_command(ply);
    const std::string usage = command_usage(own_row ? *own_row : command_named("move"), record.type);
    throw CommandError(reason, std::holds_alternative<refusal::IllegalPly>(why) ? usage : "");
  }
  const PlyPlayed& done = std::get<PlyPlayed>(played.outcome);
  const Game& game = *done.game;
  ctx.out.summary = record.type + " #" + std::to_string(record.id) + " move " + std::to_string(done.number) + " " + done.ply;
  // Against the computer, the player's ply and the computer's answer come as one board mail
  // (spec "The newcomer's path, third round"): the computer moves right after this
  // transaction (pipeline/bot_turns.h), and its mail tells this ply too.
  if (computer_answers(ctx, done)) return;
  std::string headline = done.ply == "swap"
                             ? swap_headline(player.userid, game, userids_by_colour(done.end.record, game)[1])
                             : ply_headline(player.userid, game, done.colour, done.ply, done.number);
  if (player.computer && done.number > 1) headline = ply_answered(game, done, record, player.id) + " " + headline;
  ply_update(ctx, done.end, game, headline, player.id);
}

void resign(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  resign_as(ctx, player, record);
}

void resign_as(CommandContext& ctx, const Account& player, const GameRecord& record) {
  auto resigned = resign_game(ctx, record, player.id);
  if (!resigned.done())
    throw CommandError(refusal_text(std::get<PlyRefusal>(resigned.outcome), record, *resigned.position));
  const Resignation& done = std::get<Resignation>(resigned.outcome);
  ctx.out.summary = record.type + " #" + std::to_string(record.id) + " resigned by " + player.userid;
  game_update(ctx, done.end.record, *done.game,
              {.headline = resigned_headline(player.userid, *done.game, done.colour, done.end.cancelled),
               .rating_changes = done.end.rating_changes});
}

void show(CommandContext& ctx, const Command& c) {
  std::string shown_text;
  std::optional<GameRecord> shown;  // the last board's game
  std::vector<std::string> diagrams;  // each board as drawn, in text order (Reply::mark_board)
  for (const BoardRef& board : c.boards) {
    GameRecord record = ctx.started_game_of_type(c, board.number);
    if (board.ply && *board.ply > record.plies)
      throw CommandError(refusal_text(game_refusal::NoSuchMoveYet{record.id, record.plies, *board.ply}));
    auto game = ctx.records.replay(record, board.ply);
    const std::string rendered = game->render(RenderContext{userids_by_colour(record, *game)});
    // Sent from a player's confirmed address, the board is shown as that player set it.
    std::string shown_as = "text";
    for (std::int64_t id : record.players) {
      const Account player = *ctx.accounts.find_by_id(id);
      if (std::find(player.confirmed.begin(), player.confirmed.end(), ctx.request.sender) != player.confirmed.end())
        shown_as = player.board;
    }
    const std::string list = shown_as == "text" ? "" : board_list(record, *game);
    const std::string drawn = board_as_set(rendered, rendered, list, shown_as);
    shown_text += shown_board(record, board.ply, drawn);
    diagrams.push_back(shown_as == "list" ? list : game->diagram());
    if (record.aborted_by) shown_text += shown_aborted_note(record);
    if (!board.ply) {
      if (record.lost_on_time) shown_text += shown_over_on_time_note(record, *game);
      shown_text += clock_lines(ctx.db, record, *game, "");
    }
    shown_text += watchers_line(ctx, record);
    shown = record;
  }
  Reply reply = ctx.to_sender(
      shown_subject(c.type, c.boards.size() == 1 ? std::optional<std::int64_t>(c.boards[0].number) : std::nullopt),
      shown_text);
  for (const std::string& diagram : diagrams) reply.mark_board(diagram);
  if (c.boards.size() == 1) {
    const GameRecord& record = *shown;
    reply.about_game(record.id, record.thread_id);
    // To a player's own confirmed address, `show` carries their game address: replying to
    // it plays a move (and it is the way to a fresh one after a password change).
    for (std::int64_t id : record.players) {
      const Account player = *ctx.accounts.find_by_id(id);
      if (std::find(player.confirmed.begin(), player.confirmed.end(), ctx.request.sender) == player.confirmed.end())
        continue;
      reply.reply_to = player_game_address(ctx.db, ctx.config, record.id, player.userid, player.password_generation);
      if (record.active) reply.text += reply_plays_note(player.userid);
      break;
    }
  }
  ctx.out.replies.push_back(reply);
}

void games(CommandContext& ctx, const Command& c) {
  std::string filter = "active";
  std::vector<std::int64_t> ids;
  std::vector<std::string> names;
  for (const std::string& word : each_once(c.words)) {
    if (word == "all" || word == "active" || word == "inactive" || word == "next") {
      filter = word;
      continue;
    }
    names.push_back(word);
  }
  // Each userid named is a read of an index per seat and status (GameSelection): bounded
  // before any is looked up, so a line's cost never grows with its length.
  constexpr std::size_t kMaxNamed = GameSelection::kMaxPlayers;
  if (names.size() > kMaxNamed)
    throw CommandError(refusal_text(game_refusal::TooManyUserids{kMaxNamed, names.size()}), CommandContext::usage(c));
  for (const std::string& name : names) ids.push_back(ctx.existing_account(name).id);
  if (filter == "next" && names.empty())
    throw CommandError(refusal_text(game_refusal::NextNeedsUserid{}), CommandContext::usage(c));
  // The first hundred games by number, the rest only counted, all from stored columns
  // (whose turn, swap, result): the list costs the same however many games were ever played.
  const int page = static_cast<int>(Listing::kMaxLines);
  const std::optional<bool> active =
      filter == "all" || filter == "next" ? std::nullopt : std::optional<bool>(filter == "active");
  const GameListings listings(ctx.db);
  std::vector<GameRecord> records;
  std::int64_t count = 0;
  if (names.empty()) {
    records = listings.of_type(c.type, active, page);
    count = listings.count_of_type(c.type, active);
  } else {
    const GameSelection selection{ids, {c.type}, active, filter == "next"};
    records = listings.selected(selection, page);
    count = listings.count_selected(selection);
  }
  answer(ctx, games_reply(c.type, filter, names, records, static_cast<std::size_t>(count) - records.size()));
}

void history(CommandContext& ctx, const Command& c) {
  GameRecord record = ctx.started_game_of_type(c, c.boards.at(0).number);
  auto game = ctx.records.replay(record);
  const std::string history_text =
      move_record_text(record, *game, ctx.records.moves(record.id), ctx.records.takebacks(record.id));
  answer(ctx, history_reply(record, history_text)).about_game(record.id, record.thread_id);
}

void chat(CommandContext& ctx, const Command& c) {
  auto [player, record] = ctx.player_in_game(c);
  std::int64_t other_id = record.players[0] == player.id ? record.players[1] : record.players[0];
  Account other = *ctx.accounts.find_by_id(other_id);
  refuse_if_blocked(ctx, other, player);
  const ReplyWords relayed = chat_message(record, player.userid, other.userid, ctx.request.body);
  for (const std::string& address : other.confirmed) {
    Reply reply;
    reply.to = address;
    reply.subject = relayed.subject;
    reply.text = relayed.text;
    reply.about_game(record.id, record.thread_id);
    reply.kind = MailKind::Relay;
    reply.relayed_by = player.id;
    ctx.out.replies.push_back(reply);
  }
  answer(ctx, chat_receipt(record, player.userid, other.userid, !other.confirmed.empty()))
      .about_game(record.id, record.thread_id);
  ctx.out.summary = c.type + " #" + std::to_string(record.id) + " chat from " + player.userid;
}

void preview(CommandContext& ctx, const Command& c) {
  GameRecord record = ctx.started_game_of_type(c, c.boards.at(0).number);
  auto game = ctx.records.replay(record);
  for (const std::string& move : c.words) {
    PlyResult result = game->play(move);
    if (!result.ok)
      throw CommandError(refusal_text(game_refusal::PreviewIllegal{move, result.error}), CommandContext::usage(c));
  }
  Reply& reply =
      answer(ctx, preview_reply(record, c.words, game->render(RenderContext{userids_by_colour(record, *game)})));
  reply.mark_board(game->diagram());
  reply.about_game(record.id, record.thread_id);
}

}  // namespace handlers
}  // namespace pbem::server
