#include "server/play/events.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

// An absent optional field is JSON null (nlohmann 3.11 has no std::optional of its own).
namespace nlohmann {
template <typename T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& value) {
    if (value) j = *value;
    else j = nullptr;
  }
  static void from_json(const json& j, std::optional<T>& value) {
    if (j.is_null()) value.reset();
    else value = j.get<T>();
  }
};
}  // namespace nlohmann

namespace pbem::server {

NLOHMANN_JSON_SERIALIZE_ENUM(GameEnd, {{GameEnd::Board, "board"},
                                       {GameEnd::Resigned, "resigned"},
                                       {GameEnd::Time, "time"},
                                       {GameEnd::Aborted, "aborted"},
                                       {GameEnd::NeverMoved, "never-moved"},
                                       {GameEnd::Voided, "void"},
                                       {GameEnd::Adjudicated, "adjudicated"}})

namespace event {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GameStarted, game, type, players, rated)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlyStored, game, number, ply, colour, user)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlyTakenBack, game, plies)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GameEnded, game, winner, reason, by, plies)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RatingsChanged::Change, user, before, after)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RatingsChanged, game, changes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ProposalMade, game, kind, by)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ProposalAnswered, game, kind, by, accepted)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ProposalCancelled, game, kind)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InvitationSent, game, by, to)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InvitationAnswered, game, by, accepted)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InvitationWithdrawn, game, by)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InvitationLapsed, game)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RoundStarted, tournament, round)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TournamentEnded, tournament)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SeasonEnded, league, season)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RungsMoved, ladder, game, climbed_to)
}  // namespace event

namespace {

// The names, in the order of Event's alternatives (checked below at compile time).
constexpr std::string_view kNames[] = {
    "game_started",        "ply_stored",          "ply_taken_back",       "game_ended",
    "ratings_changed",     "proposal_made",       "proposal_answered",    "proposal_cancelled",
    "invitation_sent",     "invitation_answered", "invitation_withdrawn", "invitation_lapsed",
    "round_started",       "tournament_ended",    "season_ended",         "rungs_moved"};
static_assert(std::size(kNames) == std::variant_size_v<Event>, "every kind of event has its name");

template <typename T>
constexpr bool concerns_a_game = requires(const T& e) { e.game; };

// The alternative whose name is `kind`, read from `data`; index `I` and up.
template <std::size_t I = 0>
Event read_kind(std::string_view kind, const nlohmann::json& data) {
  if constexpr (I == std::variant_size_v<Event>) {
    throw std::invalid_argument("no kind of event is called " + std::string(kind));
  } else {
    if (kind == kNames[I]) return data.get<std::variant_alternative_t<I, Event>>();
    return read_kind<I + 1>(kind, data);
  }
}

}  // namespace

std::string_view kind_name(const Event& event) { return kNames[event.index()]; }

std::vector<std::string_view> kind_names() { return {std::begin(kNames), std::end(kNames)}; }

std::optional<std::int64_t> game_of(const Event& event) {
  return std::visit(
      [](const auto& e) -> std::optional<std::int64_t> {
        if constexpr (concerns_a_game<std::decay_t<decltype(e)>>) return e.game;
        else return std::nullopt;
      },
      event);
}

std::string event_data(const Event& event) {
  return std::visit([](const auto& e) { return nlohmann::json(e).dump(); }, event);
}

Event event_from(std::string_view kind, std::string_view data) {
  try {
    return read_kind(kind, nlohmann::json::parse(data));
  } catch (const nlohmann::json::exception& error) {
    throw std::invalid_argument("event " + std::string(kind) + " is not well formed: " + error.what());
  }
}

}  // namespace pbem::server
