#include "server/mailing/move_links.h"

#include <algorithm>
#include <set>
#include <vector>

#include "mail/mailto.h"
#include "server/catalogue/catalogue.h"

namespace pbem::server {

namespace {

// The row a cell label names: its letters ("d" of "d4"); "swap" is a row of its own.
std::string row_of(const std::string& ply) {
  std::size_t letters = 0;
  while (letters < ply.size() && ply[letters] >= 'a' && ply[letters] <= 'z') ++letters;
  return ply.substr(0, letters);
}

// The cell of a tile game's ply ("d3" of "a:d3"); any other ply ("swap") as it is.
std::string cell_of(const std::string& ply) {
  const std::size_t colon = ply.find(':');
  return colon == std::string::npos ? ply : ply.substr(colon + 1);
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
  // A tile game's plies name the tile before the cell ("a:d3"): its links name the cell
  // alone, once, and the reply to one brings back the tiles to choose from
  // (mailing/cell_choice_mail.h).
  const bool by_cell =
      std::any_of(legal.begin(), legal.end(), [](const std::string& ply) { return ply.find(':') != std::string::npos; });
  const int number = game.ply_count() + 1;
  const std::string reply_subject = subject.empty() ? "" : "Re: " + subject;
  mail::BoardLinks links{.board = board,
                         .heading = text(by_cell ? Msg::MoveLinksCellsHeading : Msg::MoveLinksHeading, {{"number", number}}),
                         .rows = {}};
  std::set<std::string> linked;  // by ply_identity, or by cell: a Gaia edge pair is one ply
  std::string last_row;
  int count = 0;
  for (const std::string& legal_ply : legal) {
    const std::string ply = by_cell ? cell_of(legal_ply) : legal_ply;
    if (!linked.insert(by_cell ? ply : game.ply_identity(ply)).second) continue;
    ++count;
    const std::string row = ply == "swap" ? ply : row_of(ply);
    if (links.rows.empty() || row != last_row) links.rows.emplace_back();
    last_row = row;
    mail::PageLink link{.label = by_cell ? ply : game.describe_ply(ply),
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
