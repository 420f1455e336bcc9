// The words of the game commands (handlers/game_commands.cpp): the refusals of `challenge`,
// `show`, `games` and `preview`, and the answers of `show`, `games`, `next`, `history`,
// `chat` and `preview`. The headlines they give the game's board mail are game_headlines.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "server/mailing/reply_format.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"

namespace pbem::server {

namespace game_refusal {
// A challenge, or an open invitation, whose answer would go elsewhere than its From.
struct ReplyElsewhere {};
struct OpenInvitationWithoutChallenger {};  // `challenge any any`
// `from` (as shown) is not a confirmed address of the open invitation's challenger.
struct OpenInvitationUnconfirmed { std::string challenger, from; };
struct SignedOffCannotInvite { std::string challenger; };
struct RatingRangeNotOpen { std::string first, second; };  // a range asked of a named opponent
struct TwoDifferentPlayers {};
// `from` (as shown) is `player`'s own address, not confirmed yet.
struct FromUnconfirmedOwnAddress { std::string from, player; };
struct ChallengeUnconfirmed { std::string first, second, from; };
struct NoSuchMoveYet { std::int64_t game; int plies, ply; };  // `show N#ply` past the last ply
struct TooManyUserids { std::size_t most, count; };
struct NextNeedsUserid {};
struct PreviewIllegal { std::string ply, why; };  // the ply as typed, the game's reason
}  // namespace game_refusal
using GameCommandRefusal =
    std::variant<game_refusal::ReplyElsewhere, game_refusal::OpenInvitationWithoutChallenger,
                 game_refusal::OpenInvitationUnconfirmed, game_refusal::SignedOffCannotInvite,
                 game_refusal::RatingRangeNotOpen, game_refusal::TwoDifferentPlayers,
                 game_refusal::FromUnconfirmedOwnAddress, game_refusal::ChallengeUnconfirmed,
                 game_refusal::NoSuchMoveYet, game_refusal::TooManyUserids, game_refusal::NextNeedsUserid,
                 game_refusal::PreviewIllegal>;
// Why a game command was refused.
std::string refusal_text(const GameCommandRefusal& why);

// Added to the refusal of a move by reply out of turn: the mail went to `player`'s game
// address from `from` (as shown), not `player`'s.
std::string someone_elses_address_note(const std::string& player, const std::string& from);

// `show`'s Subject: game `game`'s, or (none) that of several boards of `type`.
std::string shown_subject(const std::string& type, std::optional<std::int64_t> game);
// One board of `show`: `drawn` (as its player set it) under the game's heading, after move
// `ply` when given.
std::string shown_board(const GameRecord& record, std::optional<int> ply, const std::string& drawn);
// The notes under a shown board: the game was aborted; it is over, lost on time.
std::string shown_aborted_note(const GameRecord& record);
std::string shown_over_on_time_note(const GameRecord& record, const Game& game);
// Under `show` to `player`'s own address, which the answer's Reply-To makes their game's.
std::string reply_plays_note(const std::string& player);

// `games` (`filter`: all, active, inactive or next) of `type`, of the players `names` when
// any: `records` listed, `unshown` more counted.
ReplyWords games_reply(const std::string& type, const std::string& filter, const std::vector<std::string>& names,
                       const std::vector<GameRecord>& records, std::size_t unshown);

// `<game> ratings`: the standings `rows` of `type` (best first), the players named without a
// rated game of it (`unrated`), and `unshown` rated players more than the rows listed.
ReplyWords ratings_reply(const std::string& type, const std::vector<PlayerRating>& rows,
                         const std::vector<std::string>& unrated, std::size_t unshown);

// `history`: the record of game `record` (`moves`, as mailing/record_text.h writes it).
ReplyWords history_reply(const GameRecord& record, std::string moves);

// `chat` by `player` to `other` about game `record`: the message relayed (`message`: the
// mail's body), and the receipt to `player` (`sent`: `other` had an address to send it to).
ReplyWords chat_message(const GameRecord& record, const std::string& player, const std::string& other,
                        const std::string& message);
ReplyWords chat_receipt(const GameRecord& record, const std::string& player, const std::string& other, bool sent);

// `preview`: game `record` after the `plies` asked, drawn as `board`.
ReplyWords preview_reply(const GameRecord& record, const std::vector<std::string>& plies, const std::string& board);

}  // namespace pbem::server
