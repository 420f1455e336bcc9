#include "server/mailing/digest_mail.h"

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "server/mailing/board_list.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/addresses/mail_addresses.h"
#include "server/mailing/move_links.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/reply_format.h"
#include "server/storage/game_listings.h"

namespace pbem::server {

namespace {

// What a digest holds besides its text and pictures (headers, MIME parts, the HTML page's
// markup, and the quoted-printable of text and links), kept free of links.
constexpr std::size_t kMailReserve = 32 * 1024;

// The board as a list, for a player who reads it so (`set board list|both`); "" for the rest.
std::string shown_list(const GameRecord& record, const Game& game, const Account& account) {
  return account.board == "text" ? "" : board_list(record, game);
}

// One game's part of the digest: number, opponent, their last move, the clock, the board.
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

// Each game's legal moves under its board, to that game's address: all the games' links
// share the room the digest leaves in one mail (its text twice, as text and HTML, and its
// pictures in base64), and a game past it says so (move_links.h).
void add_move_links(UnitOfWork& work, const Account& account, Reply& mail,
                    const std::vector<std::pair<std::int64_t, std::unique_ptr<Game>>>& games) {
  if (mail.boards.size() != games.size()) return;
  std::size_t used = 2 * mail.text.size() + kMailReserve;
  for (const mail::InlinePicture& picture : mail.pictures) used += picture.png.size() * 4 / 3;
  used = std::max(used, kMailBytes - kMoveLinksBytes);  // never more links than a board mail
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string address =
        player_game_address(work.db, work.config, games[i].first, account.userid, account.password_generation);
    auto links = move_links(*games[i].second, address, mail.subject, used < kMailBytes ? kMailBytes - used : 0, i);
    if (!links) continue;
    used += links_bytes(*links);
    mail.links.push_back(std::move(*links));
  }
}

}  // namespace

std::optional<DigestMail> digest_mail(UnitOfWork& work, const Account& account, const std::string& day,
                                      const std::function<std::string()>& open_invitations) {
  std::string body;  // the subject's line and how to reply come first, when the count is known
  std::vector<mail::InlinePicture> pictures;  // one above each game, for those who take pictures
  std::vector<std::string> diagrams;          // each game's board, in text order
  std::vector<std::pair<std::int64_t, std::unique_ptr<Game>>> games;  // each game's number and position, in text order
  // The games where it is their move, by the stored turn (one indexed query), not every
  // game they play replayed to find them.
  for (const std::int64_t game_id : GameListings(work.db).awaiting(account.id)) {
    const auto found = work.records.find(game_id);
    if (!found) continue;
    const GameRecord& record = *found;
    auto game = work.records.replay(record);
    body += "\n";
    if (account.pictures) pictures.push_back({body.size(), shared_picture_cache().picture(*game)});
    body += game_part(work, record, *game, account);
    // What stands for the board in the text: the list replaces the drawing under `board list`.
    diagrams.push_back(account.board == "list" ? shown_list(record, *game, account) : game->diagram());
    games.emplace_back(record.id, std::move(game));
  }
  const int waiting = static_cast<int>(games.size());
  if (waiting == 0) return std::nullopt;
  const std::string subject = waiting == 1 ? text(Msg::DigestSubjectOne) : text(Msg::DigestSubject, {{"count", waiting}});
  const std::string head = text(Msg::DigestHead, {{"subject", subject}, {"day", day}});
  if (const std::string open = open_invitations(); !open.empty())
    body += text(Msg::DigestOpenInvitations, {{"list", open}});
  body = head + body;
  for (mail::InlinePicture& picture : pictures) picture.at += head.size();
  DigestMail digest{.mail = {}, .waiting = waiting};
  Reply& mail = digest.mail;  // no mail asked for it: no copy answers a command
  mail.subject = subject;
  mail.text = std::move(body);
  mail.kind = MailKind::Game;
  mail.reply_to = digest_address(work.db, work.config, account);
  mail.list_unsubscribe = unsubscribe_address_of(work.db, work.config, account, kDigestSetting);  // RFC 2369
  mail.pictures = std::move(pictures);
  for (const std::string& diagram : diagrams) mail.mark_board(diagram);
  add_move_links(work, account, mail, games);
  return digest;
}

}  // namespace pbem::server
