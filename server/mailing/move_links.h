// "Two taps to move": the legal moves of the player to move as mailto: links under the board
// of their board mail's HTML part. A mail client that follows one composes the reply to the
// player's game address that plays that move as that move number (pipeline/reply_move.h), so
// the player only taps Send.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "engine/game.h"
#include "mail/html_page.h"

namespace pbem::server {

// The most the links of one mail may add to its HTML part, as links_bytes counts them
// (quoted-printable adds about 4% to that). A board mail without links stays under 64 KiB at
// each game's largest board (its text, HTML part and picture: 39 KB for Gaia -size=8, whose
// 530 links count 141 KiB), so with them it stays under the 256 KiB one mail may hold;
// tests/server/move_links_test.cpp measures both. Links that would pass it are left out and
// a sentence says so instead.
inline constexpr std::size_t kMoveLinksBytes = 160 * 1024;
// What one mail may hold in all (the budget of a message's answers, pipeline/reply_queue.h).
inline constexpr std::size_t kMailBytes = 256 * 1024;

// The links under the board (the reply's first marked board) for `game`'s player to move:
// each legal ply once (a Gaia edge pair once, by Game::ply_identity; `swap` where it is
// legal; never `resign`), one row per board row as the cell labels name it (the letter of
// "d4"), in the engine's order, `swap` a row of its own last; each a mailto: to `address`
// with the Subject "Re: <subject>" and the body "<ply>#<moveno>". A tile game (Gates,
// whose plies name a tile before its cell, "a:d3") links each cell with a legal ply once
// instead, body "<cell>#<moveno>": the reply to it brings back the tiles to choose from
// (cell_choice_mail.h). Nothing when the game is over. When the links would add more than `room`
// bytes (links_bytes), the heading says so instead and there are none. `board`: the index
// of the board they stand under among the reply's marked boards (a digest has several).
std::optional<mail::BoardLinks> move_links(const Game& game, const std::string& address, const std::string& subject,
                                           std::size_t room = kMoveLinksBytes, std::size_t board = 0);

// About what `links` add to an HTML part (each link's markup, label and escaped href).
std::size_t links_bytes(const mail::BoardLinks& links);

}  // namespace pbem::server
