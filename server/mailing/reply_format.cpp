#include "server/mailing/reply_format.h"

#include <cctype>
#include <stdexcept>
#include <unordered_set>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/play/challenge_options.h"
#include "server/play/game_clock.h"
#include "server/mailing/clock_text.h"

namespace pbem::server {

std::string web_link(const Config& config, const std::string& path) {
  return config.web.base_url.empty() ? "" : text(Msg::WebLink, {{"url", config.web.base_url + path}});
}

std::string game_title(const std::string& type) {
  const GameType* t = find_game_type(type);
  return t ? t->title : type;
}

std::string board_heading(const GameRecord& record) {
  // Every mail of a fork says where it came from.
  const std::string fork_of =
      record.fork_of_game ? text(Msg::ForkOfHeading, {{"source", *record.fork_of_game}, {"ply", record.fork_of_ply}})
                          : "";
  return game_title(record.type) + " #" + std::to_string(record.id) + " (" + record.options +
         (record.rated ? "" : std::string(record.options.empty() ? "" : " ") + "-unrated") + fork_of + ")";
}

std::optional<int> winner_of(const GameRecord& record, const Game& game) {
  if (game.winner()) return game.winner();
  if (record.lost_on_time || record.adjudicated) return record.winner_colour;
  return std::nullopt;
}

std::string game_subject(const GameRecord& record, const Game& game) {
  auto users = userids_by_colour(record, game);
  const std::string title = game_title(record.type);
  if (record.never_moved)
    return text(Msg::NeverMovedSubject, {{"title", title}, {"game", record.id}, {"player", *record.aborted_by}});
  if (record.aborted_by) return text(Msg::GameAbortedSubject, {{"title", title}, {"game", record.id}});
  if (record.voided) return text(Msg::VoidSubject, {{"title", title}, {"game", record.id}});
  if (auto winner = winner_of(record, game))
    return text(Msg::WinsSubject, {{"title", title}, {"game", record.id}, {"player", users[static_cast<std::size_t>(*winner)]}});
  return text(Msg::ToMoveSubject,
              {{"title", title}, {"game", record.id}, {"player", users[static_cast<std::size_t>(game.to_move())]}});
}

std::string colour_of(const Game& game, int colour) { return std::string(game.colour_name(colour)); }

namespace {

// A player ends a game alone until their own first ply (spec "Limits, third round"); later
// only by agreement. Ply 1 is the first seat's, so an abort after it by the second seat
// was theirs alone, and one after ply 2 needs a player who had moved: an agreement.
bool aborted_alone(const GameRecord& record) {
  return record.plies == 0 || (record.plies == 1 && record.aborted_by == record.userids[1]);
}

}  // namespace

std::string aborted_note(const GameRecord& record) {
  if (!record.aborted_by) return "";
  const Msg how = record.never_moved ? Msg::AbortedNeverMovedNote
                  : aborted_alone(record) ? Msg::AbortedAloneNote
                                          : Msg::AbortedByAgreementNote;
  return text(how, {{"player", *record.aborted_by}});
}

std::string aborted_sentence(const GameRecord& record) {
  if (!record.aborted_by || record.never_moved || !aborted_alone(record)) return aborted_note(record);
  return text(record.plies == 0 ? Msg::AbortedBeforeFirstMove : Msg::AbortedBeforeOwnFirstMove,
              {{"aborted", aborted_note(record)}});
}

std::string result_text(const GameRecord& record, const Game& game) {
  const int winner = *winner_of(record, game);
  std::string colour = colour_of(game, winner);
  if (!colour.empty()) colour[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(colour[0])));
  return text(record.lost_on_time ? Msg::ColourWonOnTime : Msg::ColourWon,
              {{"colour", colour}, {"player", userids_by_colour(record, game)[static_cast<std::size_t>(winner)]}});
}

namespace {

// Where a game stands from who holds which colour (`users`), the winning colour and the
// user to move: game_state's two sources, a replayed game and the stored columns, say it alike.
std::string state_text(const GameRecord& record, const std::array<std::string, 2>& users, std::optional<int> winner,
                       const std::string& mover) {
  if (record.aborted_by) return aborted_note(record);
  if (record.voided) return text(Msg::VoidedState);
  if (winner) {
    const std::string& won = users[static_cast<std::size_t>(*winner)];
    if (!record.lost_on_time) return text(Msg::PlayerWon, {{"player", won}});
    return text(Msg::WonOnTimeState, {{"player", won}, {"loser", users[static_cast<std::size_t>(1 - *winner)]}});
  }
  if (!record.deadline_at) return text(Msg::ToMoveState, {{"player", mover}});
  return text(Msg::ToMoveByDeadlineState, {{"player", mover}, {"deadline", deadline_text(*record.deadline_at)}});
}

}  // namespace

std::string game_state(const GameRecord& record, const Game& game) {
  const auto users = userids_by_colour(record, game);
  return state_text(record, users, winner_of(record, game), users[static_cast<std::size_t>(game.to_move())]);
}

std::string game_state(const GameRecord& record) {
  const std::string mover = !record.to_move ? ""
                            : *record.to_move == record.players[0] ? record.userids[0]
                                                                   : record.userids[1];
  return state_text(record, userids_by_colour(record), record.winner_colour, mover);
}

std::array<std::string, 2> colour_names(const GameRecord& record) {
  const auto game = create_game(record.type, split_words(record.options));
  return {std::string(game->colour_name(0)), std::string(game->colour_name(1))};
}

std::string option_lines(const GameType& type, std::string_view indent, std::string_view gap) {
  std::string out;
  for (const auto& option : type.options)
    out += std::string(indent) + "-" + option.name + (option.takes_integer ? "=<n>" : "") + std::string(gap) +
           option.help + "\n";
  return out;
}

namespace {

Msg help_of(ServerOptionId option) {
  switch (option) {
    case ServerOptionId::Unrated: return Msg::UnratedOptionHelp;
    case ServerOptionId::Days: return Msg::DaysOptionHelp;
    case ServerOptionId::Clock: return Msg::ClockOptionHelp;
    case ServerOptionId::Weekends: return Msg::WeekendsOptionHelp;
    case ServerOptionId::Rating: return Msg::RatingOptionHelp;
  }
  throw std::logic_error("a server option without its help");
}

}  // namespace

std::string server_option_lines(std::string_view indent, std::string_view gap) {
  std::string out;
  for (const ServerOption& option : server_challenge_options())
    out += std::string(indent) + "-" + std::string(option.name) +
           (option.value.empty() ? "" : "=" + std::string(option.value)) + std::string(gap) + text(help_of(option.id)) +
           "\n";
  return out;
}

void Listing::add(std::string line) {
  if (shown_.size() < kMaxLines) shown_.push_back(std::move(line));
  else ++more_;
}

std::string Listing::text(std::string_view indent, std::string_view when_empty) const {
  std::string out;
  for (const std::string& line : shown_) out += std::string(indent) + line + "\n";
  if (more_ > 0) out += std::string(indent) + server::text(Msg::ListingMore, {{"more", more_}});
  return out.empty() ? std::string(indent) + std::string(when_empty) + "\n" : out;
}

std::vector<std::string> each_once(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (const std::string& word : words)
    if (seen.insert(word).second) out.push_back(word);
  return out;
}

}  // namespace pbem::server
