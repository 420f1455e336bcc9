#include "server/handlers/digest.h"

#include <algorithm>
#include <cctype>

#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/language/game_address.h"
#include "server/play/game_clock.h"
#include "server/handlers/list_unsubscribe.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/reply_format.h"
#include "server/storage/digests.h"
#include "server/storage/server_secrets.h"
#include "server/support/clock.h"

namespace pbem::server {

namespace {

// The user's digest address, registered so that a reply finds its user by the token.
std::string digest_address(Database& db, const Config& config, const Account& account) {
  const std::string key = ServerSecrets(db).key(ServerSecrets::kGameAddress);
  const std::string token = digest_address_token(key, account.userid, account.password_generation);
  auto insert = db.prepare(
      "INSERT INTO digest_addresses (token, user_id, password_generation) VALUES (?, ?, ?) "
      "ON CONFLICT (token) DO NOTHING");
  insert.bind(1, token).bind(2, account.id).bind(3, account.password_generation);
  insert.run();
  const std::string& server = config.server.address;
  const auto at = server.rfind('@');
  return to_lower(server.substr(0, at)) + "+d-" + token + "@" + to_lower(server.substr(at + 1));
}

// One game's part of the digest: number, opponent, their last move, the clock, the board.
std::string game_part(CommandContext& ctx, const GameRecord& record, const Game& game, const Account& account) {
  const auto users = userids_by_colour(record, game);
  const std::string opponent = record.userids[record.players[0] == account.id ? 1 : 0];
  std::string text = "#" + std::to_string(record.id) + "  " + board_heading(record) + " against " + opponent + ": ";
  const auto moves = ctx.records.moves(record.id);
  text += moves.empty() ? "the first move is yours.\n"
                        : moves.back().userid + " played " + game.describe_ply(moves.back().move) + " as move " +
                              std::to_string(moves.back().ply) + ".\n";
  text += clock_lines(ctx.db, record, game, account.userid);
  text += "\n" + game.render(RenderContext{users}) + "\n";
  return text;
}

// `#12 c4` or `12 c4`: the game number and the move; nothing for another line.
std::optional<std::pair<std::int64_t, std::string>> numbered_move(std::string_view line) {
  if (line.starts_with('#')) line.remove_prefix(1);
  std::size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
  if (digits == 0 || digits > 9 || digits == line.size() || line[digits] != ' ') return std::nullopt;
  const std::string move = std::string(trim(line.substr(digits)));
  if (move.empty()) return std::nullopt;
  return std::pair{std::stoll(std::string(line.substr(0, digits))), move};
}

ParsedCommand line_refused(std::string error, std::size_t n) {
  ParsedCommand result;
  result.error = std::move(error);
  result.masked = ArgumentReader::server_text("(line " + std::to_string(n) + " of a reply to a digest)");
  return result;
}

}  // namespace

std::chrono::system_clock::time_point next_digest_time(int hour, std::chrono::system_clock::time_point now) {
  using namespace std::chrono;
  const auto day = floor<days>(now);
  auto at = day + hours(hour);
  if (at <= now) at += days(1);
  return time_point_cast<system_clock::duration>(at);
}

void set_digest(CommandContext& ctx, const Account& account, const std::string& value) {
  Digests digests(ctx.db);
  if (value == "off") {
    digests.set(account.id, std::nullopt, std::nullopt);
    ctx.out.summary = "digest off for " + account.userid;
    ctx.out.replies.push_back(ctx.to_sender(
        "Digest off", "Your daily digest is off. Board mails about every move come as before.\n"));
    return;
  }
  const int hour = std::stoi(value);
  const auto next = next_digest_time(hour, std::chrono::system_clock::now());
  digests.set(account.id, hour, iso8601(next));
  ctx.out.summary = "digest at " + value + " for " + account.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      "Digest at " + std::string(hour < 10 ? "0" : "") + std::to_string(hour) + ":00 UTC",
      "Your daily digest comes at " + std::string(hour < 10 ? "0" : "") + std::to_string(hour) +
          ":00 UTC, the first on " + readable_utc(next) +
          ", on the days when it is your move in at least one game. Reply to it with one move per line, "
          "'#12 c4', to play them.\n\nTo stop the board mails about your opponents' moves as well:\n    set " +
          account.userid + " <password> movemail off\n"));
}

void set_movemail(CommandContext& ctx, const Account& account, const std::string& value) {
  if (value == "off" && !account.digest_hour)
    throw CommandError("movemail is turned off only while a daily digest is on (set " + account.userid +
                       " <password> digest HH): without either you would not hear of your opponents' moves");
  Digests(ctx.db).set_movemail(account.id, value == "on");
  ctx.out.summary = "movemail " + value + " for " + account.userid;
  ctx.out.replies.push_back(ctx.to_sender(
      "Movemail " + value,
      value == "on" ? "Board mails about other players' moves come again at once.\n"
                    : "No more board mails about other players' moves (opponents' moves, watched games): your "
                      "daily digest lists the games where it is your move. The confirmation of your own moves, "
                      "new games, results, proposals, reminders and tournament mail still come at once.\n"));
}

std::optional<ClockDutyDone> send_digest(Database& db, const Config& config, std::int64_t user_id,
                                         const std::string& now) {
  const Request request{};  // no mail asked for it
  Outcome outcome;
  CommandContext ctx(db, config, std::nullopt, request, outcome);
  const auto account = ctx.accounts.find_by_id(user_id);
  Digests digests(db);
  const auto due = digests.next_at(user_id);
  if (!account || !account->digest_hour || !due || *due > now) return std::nullopt;
  const auto now_time = parse_iso8601(now).value_or(std::chrono::system_clock::now());
  if (!digests.move_on(user_id, *due, iso8601(next_digest_time(*account->digest_hour, now_time))))
    return std::nullopt;
  const std::string day = due->substr(0, 10);
  std::string text;  // the subject's line and how to reply come first, when the count is known
  std::vector<mail::InlinePicture> pictures;  // one above each game, for those who take pictures
  std::vector<std::string> diagrams;          // each game's board, in text order
  int waiting = 0;
  for (const GameRecord& record : ctx.records.active_of(user_id)) {
    const auto game = ctx.records.replay(record);
    if (game->over() || user_id_of_colour(record, *game, game->to_move()) != user_id) continue;
    text += "\n";
    if (account->pictures) pictures.push_back({text.size(), shared_picture_cache().picture(*game)});
    text += game_part(ctx, record, *game, *account);
    diagrams.push_back(game->diagram());
    ++waiting;
  }
  if (waiting == 0) return ClockDutyDone{"no game waiting for " + account->userid + " on " + day, {}, 0};
  const std::string subject = "Your move in " + std::to_string(waiting) + (waiting == 1 ? " game" : " games");
  const std::string head =
      subject + " (your digest of " + day + ").\n\n"
      "Reply to this mail with one move per line, the game's number first, e.g.\n\n    #12 c4\n\n"
      "Each line is played as by that game's own address, and answered on its own.\n";
  text = head + text;
  for (mail::InlinePicture& picture : pictures) picture.at += head.size();
  Reply mail;  // no mail asked for it: no copy answers a command
  mail.subject = subject;
  mail.text = std::move(text);
  mail.kind = MailKind::Game;
  mail.reply_to = digest_address(db, config, *account);
  mail.list_unsubscribe = unsubscribe_address_of(db, config, *account, kDigestSetting);  // RFC 2369
  mail.pictures = std::move(pictures);
  for (const std::string& diagram : diagrams) mail.mark_board(diagram);
  ctx.mail_account(*account, mail);
  return ClockDutyDone{"digest to " + account->userid + " (" + std::to_string(waiting) + " games)",
                       std::move(outcome.replies), 0};
}

std::optional<DigestReply> digest_reply(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                        std::string_view new_text) {
  const auto candidate = find_game_address(config.server, recipients);
  if (!candidate || !candidate->digest) return std::nullopt;
  DigestReply result;
  auto query = db.prepare("SELECT user_id, password_generation FROM digest_addresses WHERE token = ?");
  query.bind(1, to_lower(candidate->token));
  std::int64_t user_id = 0;
  int generation = 0;
  if (query.step()) {
    user_id = query.column_int(0);
    generation = static_cast<int>(query.column_int(1));
  }
  query.reset();
  const auto account = Accounts(db).find_by_id(user_id);
  if (!account) {
    result.refused = refused("the address " + candidate->address + " is not a digest address here", candidate->address);
    return result;
  }
  if (generation != account->password_generation) {
    result.refused = expired_digest(candidate->address);
    return result;
  }
  result.owner = AddressOwner{candidate->address, "", 0, account->id, account->userid, generation};
  CommandLines lines;
  GameRecords records(db);
  std::size_t n = 0;
  for (const std::string_view line : nonblank_lines(new_text)) {
    if (line.starts_with('>')) continue;  // quoted: never a move
    if (++n > CommandLines::kMaxLines) {
      ++lines.left_out;
      continue;
    }
    const auto move = numbered_move(trim(line));
    if (!move) {
      lines.commands.push_back(line_refused(
          "line " + std::to_string(n) + " is not a game's number and a move, e.g. '#12 c4'", n));
      continue;
    }
    const auto record = records.find(move->first);
    if (!record) {
      lines.commands.push_back(line_refused("there is no game " + std::to_string(move->first), n));
      continue;
    }
    lines.commands.push_back(parse_player_move(record->type, record->id, account->userid, move->second));
  }
  if (lines.commands.empty())
    lines.commands.push_back(line_refused("your reply to the digest has no move in it: write one move per line, "
                                          "the game's number first, e.g. '#12 c4'",
                                          1));
  result.lines = std::move(lines);
  return result;
}

}  // namespace pbem::server
