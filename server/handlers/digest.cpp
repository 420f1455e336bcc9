#include "server/handlers/digest.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <utility>

#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/language/game_address.h"
#include "server/play/game_clock.h"
#include "server/mailing/mail_addresses.h"
#include "server/mailing/board_list.h"
#include "server/mailing/catalogue.h"
#include "server/mailing/move_links.h"
#include "server/handlers/invitations.h"
#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/reply_format.h"
#include "server/storage/digests.h"
#include "server/storage/server_secrets.h"
#include "server/storage/game_listings.h"
#include "server/support/clock.h"
#include "server/mailing/clock_text.h"

namespace pbem::server {

namespace {

// What a digest holds besides its text and pictures (headers, MIME parts, the HTML page's
// markup, and the quoted-printable of text and links), kept free of links.
constexpr std::size_t kMailReserve = 32 * 1024;

// One game's part of the digest: number, opponent, their last move, the clock, the board.
// The board as a list, for a player who reads it so (`set board list|both`); "" for the rest.
std::string shown_list(const GameRecord& record, const Game& game, const Account& account) {
  return account.board == "text" ? "" : board_list(record, game);
}

std::string game_part(UnitOfWork& work, const GameRecord& record, const Game& game, const Account& account) {
  const auto users = userids_by_colour(record, game);
  const std::string opponent = record.userids[record.players[0] == account.id ? 1 : 0];
  std::string part =
      text(Msg::DigestGameLine, {{"game", record.id}, {"heading", board_heading(record)}, {"opponent", opponent}});
  const auto moves = work.records.moves(record.id);
  part += moves.empty() ? text(Msg::DigestFirstMoveYours)
                        : text(Msg::DigestLastMove, {{"player", moves.back().userid},
                                                        {"ply", game.describe_ply(moves.back().move)},
                                                        {"number", moves.back().ply}});
  part += clock_lines(work.db, record, game, account.userid);
  // The board as the player set it (`set board`): the drawing, the list, or both.
  const std::string rendered = game.render(RenderContext{users});
  part += "\n" + board_as_set(rendered, rendered, shown_list(record, game, account), account.board) + "\n";
  return part;
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
    ctx.out.replies.push_back(ctx.to_sender(text(Msg::DigestOffSubject), text(Msg::DigestOff)));
    return;
  }
  const int hour = std::stoi(value);
  const auto next = next_digest_time(hour, std::chrono::system_clock::now());
  digests.set(account.id, hour, iso8601(next));
  ctx.out.summary = "digest at " + value + " for " + account.userid;
  const std::string two_digits = std::string(hour < 10 ? "0" : "") + std::to_string(hour);
  ctx.out.replies.push_back(ctx.to_sender(
      text(Msg::DigestAtSubject, {{"hour", two_digits}}),
      text(Msg::DigestAt, {{"hour", two_digits}, {"first", readable_utc(next)}, {"userid", account.userid}})));
}

void set_movemail(CommandContext& ctx, const Account& account, const std::string& value) {
  if (value == "off" && !account.digest_hour)
    throw CommandError(text(Msg::MovemailNeedsDigestRefusal, {{"userid", account.userid}}));
  Digests(ctx.db).set_movemail(account.id, value == "on");
  ctx.out.summary = "movemail " + value + " for " + account.userid;
  ctx.out.replies.push_back(ctx.to_sender(text(Msg::MovemailSubject, {{"value", value}}),
                                          text(value == "on" ? Msg::MovemailOn : Msg::MovemailOff)));
}

std::optional<ClockDutyDone> send_digest(Database& db, const Config& config, std::int64_t user_id,
                                         const std::string& now) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);  // no mail asked for it
  const auto account = work.accounts.find_by_id(user_id);
  Digests digests(db);
  const auto due = digests.next_at(user_id);
  if (!account || !account->digest_hour || !due || *due > now) return std::nullopt;
  const auto now_time = parse_iso8601(now).value_or(std::chrono::system_clock::now());
  if (!digests.move_on(user_id, *due, iso8601(next_digest_time(*account->digest_hour, now_time))))
    return std::nullopt;
  const std::string day = due->substr(0, 10);
  std::string body;  // the subject's line and how to reply come first, when the count is known
  std::vector<mail::InlinePicture> pictures;  // one above each game, for those who take pictures
  std::vector<std::string> diagrams;          // each game's board, in text order
  std::vector<std::pair<std::int64_t, std::unique_ptr<Game>>> games;  // each game's number and position, in text order
  int waiting = 0;
  // The games where it is their move, by the stored turn (one indexed query), not every
  // game they play replayed to find them.
  for (const std::int64_t game_id : GameListings(work.db).awaiting(user_id)) {
    const auto found = work.records.find(game_id);
    if (!found) continue;
    const GameRecord& record = *found;
    auto game = work.records.replay(record);
    body += "\n";
    if (account->pictures) pictures.push_back({body.size(), shared_picture_cache().picture(*game)});
    body += game_part(work, record, *game, *account);
    // What stands for the board in the text: the list replaces the drawing under `board list`.
    diagrams.push_back(account->board == "list" ? shown_list(record, *game, *account) : game->diagram());
    games.emplace_back(record.id, std::move(game));
    ++waiting;
  }
  if (waiting == 0) return ClockDutyDone{"no game waiting for " + account->userid + " on " + day, {}, 0};
  const std::string subject =
      waiting == 1 ? text(Msg::DigestSubjectOne) : text(Msg::DigestSubject, {{"count", waiting}});
  const std::string head = text(Msg::DigestHead, {{"subject", subject}, {"day", day}});
  // Open invitations alone never send a digest: they come with one that is due anyway.
  constexpr std::size_t kOpenInvitationsInDigest = 10;
  if (const std::string open = open_invitations_for(work, *account, kOpenInvitationsInDigest); !open.empty())
    body += text(Msg::DigestOpenInvitations, {{"list", open}});
  body = head + body;
  for (mail::InlinePicture& picture : pictures) picture.at += head.size();
  Reply mail;  // no mail asked for it: no copy answers a command
  mail.subject = subject;
  mail.text = std::move(body);
  mail.kind = MailKind::Game;
  mail.reply_to = digest_address(db, config, *account);
  mail.list_unsubscribe = unsubscribe_address_of(db, config, *account, kDigestSetting);  // RFC 2369
  mail.pictures = std::move(pictures);
  for (const std::string& diagram : diagrams) mail.mark_board(diagram);
  // Each game's legal moves under its board, to that game's address: all the games' links
  // share the room the digest leaves in one mail (its text twice, as text and HTML, and its
  // pictures in base64), and a game past it says so (move_links.h).
  if (mail.boards.size() == games.size()) {
    std::size_t used = 2 * mail.text.size() + kMailReserve;
    for (const mail::InlinePicture& picture : mail.pictures) used += picture.png.size() * 4 / 3;
    used = std::max(used, kMailBytes - kMoveLinksBytes);  // never more links than a board mail
    for (std::size_t i = 0; i < games.size(); ++i) {
      const std::string address = player_game_address(db, config, games[i].first, account->userid,
                                                      account->password_generation);
      auto links = move_links(*games[i].second, address, subject, used < kMailBytes ? kMailBytes - used : 0, i);
      if (!links) continue;
      used += links_bytes(*links);
      mail.links.push_back(std::move(*links));
    }
  }
  work.mail_account(*account, mail);
  return ClockDutyDone{"digest to " + account->userid + " (" + std::to_string(waiting) + " games)",
                       std::move(outcome.replies), 0};
}

}  // namespace pbem::server
