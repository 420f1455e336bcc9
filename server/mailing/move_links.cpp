#include "server/mailing/move_links.h"

#include <set>
#include <vector>

#include "mail/mailto.h"
#include "server/mailing/catalogue.h"

namespace pbem::server {

namespace {

// The row a cell label names: its letters ("d" of "d4"); "swap" is a row of its own.
std::string row_of(const std::string& ply) {
  std::size_t letters = 0;
  while (letters < ply.size() && ply[letters] >= 'a' && ply[letters] <= 'z') ++letters;
  return ply.substr(0, letters);
}

}  // namespace

std::size_t links_bytes(const mail::BoardLinks& links) {
  std::size_t bytes = links.heading.size();
  for (const auto& row : links.rows)
    for (const mail::PageLink& link : row)
      bytes += mail::page_link_overhead() + link.label.size() + link.href.size() + link.href.size() / 8;  // & escaped
  return bytes;
}

std::optional<mail::BoardLinks> move_links(const Game& game, const std::string& address, const std::string& subject,
                                           std::size_t room, std::size_t board) {
  if (game.over() || address.empty()) return std::nullopt;
  const std::vector<std::string> legal = game.legal_plies();
  for (const std::string& ply : legal)
    if (ply.find(':') != std::string::npos) return std::nullopt;  // a tile game: not linked yet
  const int number = game.ply_count() + 1;
  const std::string reply_subject = subject.empty() ? "" : "Re: " + subject;
  mail::BoardLinks links{.board = board, .heading = text(Msg::MoveLinksHeading, {{"number", number}}), .rows = {}};
  std::set<std::string> linked;  // by ply_identity: a Gaia edge pair is one ply
  std::string last_row;
  int count = 0;
  for (const std::string& ply : legal) {
    if (!linked.insert(game.ply_identity(ply)).second) continue;
    ++count;
    const std::string row = ply == "swap" ? ply : row_of(ply);
    if (links.rows.empty() || row != last_row) links.rows.emplace_back();
    last_row = row;
    mail::PageLink link{.label = game.describe_ply(ply),
                        .href = mail::mailto_uri(address, reply_subject, ply + "#" + std::to_string(number))};
    links.rows.back().push_back(std::move(link));
  }
  if (links_bytes(links) > room) {
    links.rows.clear();
    links.heading = text(Msg::MoveLinksTooMany, {{"count", count}});
  }
  return links;
}

}  // namespace pbem::server
