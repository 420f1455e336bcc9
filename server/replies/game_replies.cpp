#include "server/replies/game_replies.h"

#include <algorithm>
#include <utility>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/rating_text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const GameCommandRefusal& why) {
  using namespace game_refusal;
  return std::visit(
      Overloaded{[](const ReplyElsewhere&) { return text(Msg::ChallengeReplyElsewhereRefusal); },
                 [](const OpenInvitationWithoutChallenger&) { return text(Msg::OpenInvitationWithoutChallenger); },
                 [](const OpenInvitationUnconfirmed& r) {
                   return text(Msg::OpenInvitationUnconfirmedRefusal, {{"challenger", r.challenger}, {"from", r.from}});
                 },
                 [](const SignedOffCannotInvite& r) {
                   return text(Msg::SignedOffCannotInvite, {{"challenger", r.challenger}});
                 },
                 [](const RatingRangeNotOpen& r) {
                   return text(Msg::RatingRangeNotOpenRefusal, {{"first", r.first}, {"second", r.second}});
                 },
                 [](const TwoDifferentPlayers&) { return text(Msg::TwoDifferentPlayersRefusal); },
                 [](const FromUnconfirmedOwnAddress& r) {
                   return text(Msg::ChallengeFromUnconfirmedOwnAddress, {{"from", r.from}, {"player", r.player}});
                 },
                 [](const ChallengeUnconfirmed& r) {
                   return text(Msg::ChallengeUnconfirmedRefusal, {{"first", r.first}, {"second", r.second}, {"from", r.from}});
                 },
                 [](const NoSuchMoveYet& r) {
                   return text(Msg::NoSuchMoveYetRefusal, {{"game", r.game}, {"plies", r.plies}, {"ply", r.ply}});
                 },
                 [](const TooManyUserids& r) {
                   return text(Msg::TooManyUseridsRefusal, {{"most", r.most}, {"count", r.count}});
                 },
                 [](const NextNeedsUserid&) { return text(Msg::NextNeedsUseridRefusal); },
                 [](const PreviewIllegal& r) {
                   return text(Msg::PreviewIllegalRefusal, {{"ply", quoted_word(r.ply)}, {"why", r.why}});
                 }},
      why);
}

std::string someone_elses_address_note(const std::string& player, const std::string& from) {
  return text(Msg::SomeoneElsesAddressNote, {{"player", player}, {"from", from}});
}

std::string shown_subject(const std::string& type, std::optional<std::int64_t> game) {
  return game ? text(Msg::GameSubject, {{"title", game_title(type)}, {"game", *game}})
              : text(Msg::BoardsSubject, {{"title", game_title(type)}});
}

std::string shown_board(const GameRecord& record, std::optional<int> ply, const std::string& drawn) {
  return ply ? text(Msg::ShownBoardAfterMove, {{"heading", board_heading(record)}, {"ply", *ply}, {"board", drawn}})
             : text(Msg::ShownBoard, {{"heading", board_heading(record)}, {"board", drawn}});
}

std::string shown_aborted_note(const GameRecord& record) {
  return text(Msg::ShownAborted, {{"aborted", aborted_sentence(record)}});
}

std::string shown_over_on_time_note(const GameRecord& record, const Game& game) {
  return text(Msg::ShownOverOnTime, {{"state", game_state(record, game)}});
}

std::string reply_plays_note(const std::string& player) { return text(Msg::ReplyPlaysNote, {{"player", player}}); }

ReplyWords ratings_reply(const std::string& type, const std::vector<PlayerRating>& rows,
                         const std::vector<std::string>& unrated, std::size_t unshown) {
  std::size_t width = 0;
  for (const PlayerRating& row : rows) width = std::max(width, row.userid.size());
  Listing lines;
  for (const PlayerRating& row : rows)
    lines.add(standings_text(row.userid, width, row.rating, row.games, row.wins, row.losses));
  for (const std::string& userid : unrated) lines.add(text(Msg::NoRatedGameYet, {{"userid", userid}, {"game", type}}));
  lines.add_unshown(unshown);
  const std::string title = game_title(type);
  return {text(Msg::RatingsSubject, {{"title", title}}),
          text(Msg::RatingsHeading, {{"title", title}}) + lines.text("  ", text(Msg::NobodyRatedYet))};
}

ReplyWords games_reply(const std::string& type, const std::string& filter, const std::vector<std::string>& names,
                       const std::vector<GameRecord>& records, std::size_t unshown) {
  Listing lines;
  for (const GameRecord& record : records) {
    const auto users = userids_by_colour(record);
    lines.add(text(Msg::GameListLine, {{"game", record.id},
                                       {"first", users[0]},
                                       {"second", users[1]},
                                       {"options", record.options},
                                       {"plies", record.plies},
                                       {"state", game_state(record)}}));
  }
  lines.add_unshown(unshown);
  // The heading names the players asked about, up to ten.
  constexpr std::size_t kNamesInHeading = 10;
  std::string named;
  for (std::size_t i = 0; i < names.size() && i < kNamesInHeading; ++i)
    named += text(Msg::NamedInHeading, {{"player", names[i]}});
  if (names.size() > kNamesInHeading) named += text(Msg::MoreNamedInHeading, {{"more", names.size() - kNamesInHeading}});
  const std::string title = game_title(type);
  return {text(Msg::GamesSubject, {{"title", title}}),
          text(Msg::GamesList, {{"title", title},
                                {"filter", filter},
                                {"named", named},
                                {"lines", lines.text("  ", text(Msg::NoneListed))}})};
}

ReplyWords history_reply(const GameRecord& record, std::string moves) {
  return {text(Msg::HistorySubject, {{"title", game_title(record.type)}, {"game", record.id}}), std::move(moves)};
}

namespace {
std::string chat_subject(const GameRecord& record, const std::string& player) {
  return text(Msg::ChatSubject, {{"title", game_title(record.type)}, {"game", record.id}, {"player", player}});
}
}  // namespace

ReplyWords chat_message(const GameRecord& record, const std::string& player, const std::string& other,
                        const std::string& message) {
  return {chat_subject(record, player), text(Msg::ChatText, {{"player", player},
                                                             {"title", game_title(record.type)},
                                                             {"game", record.id},
                                                             {"message", message.empty() ? text(Msg::MessageEmpty) : message},
                                                             {"type", record.type},
                                                             {"other", other}})};
}

ReplyWords chat_receipt(const GameRecord& record, const std::string& player, const std::string& other, bool sent) {
  return {chat_subject(record, player),
          sent ? text(Msg::ChatSent, {{"other", other}}) : text(Msg::ChatNotSent, {{"other", other}})};
}

ReplyWords preview_reply(const GameRecord& record, const std::vector<std::string>& plies, const std::string& board) {
  return {text(Msg::PreviewSubject, {{"title", game_title(record.type)}, {"game", record.id}}),
          text(Msg::PreviewBoard, {{"heading", board_heading(record)}, {"plies", join(plies, " ")}, {"board", board}})};
}

}  // namespace pbem::server
