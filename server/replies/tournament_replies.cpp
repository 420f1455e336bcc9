#include "server/replies/tournament_replies.h"

#include "engine/text.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/tournament_text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const TournamentRefusal& why) {
  using namespace tournament_refusal;
  return std::visit(
      Overloaded{
          [](const StartDate& r) { return text(Msg::TournamentStartDateRefusal, {{"word", quoted_word(r.word)}}); },
          [](const StartPast& r) { return text(Msg::TournamentStartPastRefusal, {{"date", quoted_word(r.date)}}); },
          [](const Format& r) { return text(Msg::TournamentFormatRefusal, {{"word", quoted_word(r.word)}}); },
          [](const PlayersRange& r) {
            return text(Msg::TournamentPlayersRangeRefusal,
                        {{"format", format_words(r.format)}, {"low", r.low}, {"high", r.high}, {"players", r.players}});
          },
          [](const RoundsOnlySwiss&) { return text(Msg::TournamentRoundsOnlySwissRefusal); },
          [](const DoubleOnlyRoundRobin&) { return text(Msg::TournamentDoubleOnlyRoundRobinRefusal); },
          [](const NoSuch& r) { return text(Msg::NoSuchTournamentRefusal, {{"number", r.number}}); },
          [](const OtherKind& r) {
            return text(Msg::OtherKindOfTournamentRefusal,
                        {{"number", r.number}, {"title", game_title(r.type)}, {"type", r.type}});
          },
          [](const OrganiserUnconfirmed& r) { return text(Msg::OrganiserUnconfirmedRefusal, {{"userid", r.userid}}); },
          [](const TooManyOpen& r) {
            return text(Msg::TooManyOpenTournamentsRefusal, {{"userid", r.userid}, {"most", r.most}});
          },
          [](const EntryClosed& r) {
            return text(Msg::TournamentEntryClosedRefusal,
                        {{"number", r.number}, {"state", r.status == "running" ? text(Msg::TournamentUnderWay) : r.status}});
          },
          [](const AlreadyJoined& r) {
            return text(Msg::AlreadyJoinedTournamentRefusal, {{"userid", r.userid}, {"number", r.number}});
          },
          [](const Full& r) { return text(Msg::TournamentFullRefusal, {{"number", r.number}, {"cap", r.cap}}); },
          [](const NotIn& r) { return text(Msg::NotInTournamentRefusal, {{"userid", r.userid}, {"number", r.number}}); },
          [](const Over& r) { return text(Msg::TournamentOverRefusal, {{"number", r.number}}); },
          [](const AlreadyLeft& r) {
            return text(Msg::AlreadyLeftTournamentRefusal, {{"userid", r.userid}, {"number", r.number}});
          },
          [](const OnlyOrganiserStarts& r) {
            return text(Msg::OnlyOrganiserStartsRefusal, {{"number", r.number}, {"organiser", r.organiser}});
          },
          [](const NotOpen& r) { return text(Msg::TournamentNotOpenRefusal, {{"number", r.number}, {"status", r.status}}); },
          [](const TooFew& r) {
            return text(Msg::TournamentTooFewRefusal, {{"number", r.number},
                                                       {"count", r.count},
                                                       {"format", format_words(r.format)},
                                                       {"least", r.least}});
          }},
      why);
}

std::string tournament_named(std::int64_t number) { return text(Msg::TournamentNamed, {{"number", number}}); }

ReplyWords tournament_opened(Database& db, const TournamentRecord& t, const std::string& bot) {
  std::string opened = tournament_table_text(db, t) +
                       text(Msg::TournamentOrganised, {{"type", t.type}, {"number", t.id}, {"bot", bot}});
  if (!t.players && !t.starts_at)
    opened += text(Msg::TournamentStartWhenReady, {{"type", t.type}, {"number", t.id}, {"userid", t.organiser}});
  return {text(Msg::TournamentOpenSubject, {{"number", t.id}, {"name", t.name}}), opened};
}

ReplyWords tournament_joined(const TournamentRecord& t, const std::string& player, int entered, bool full) {
  return {text(Msg::TournamentJoinedSubject, {{"number", t.id}, {"name", t.name}, {"userid", player}}),
          (entered == 1 ? text(Msg::TournamentJoinedFirst, {{"userid", player}, {"title", tournament_title(t)}})
                        : text(Msg::TournamentJoined, {{"userid", player}, {"title", tournament_title(t)}, {"count", entered}})) +
              (full ? text(Msg::TournamentStartsNow)
                    : text(Msg::TournamentLeaveBeforeStart, {{"type", t.type}, {"number", t.id}, {"userid", player}}))};
}

ReplyWords tournament_left(const TournamentRecord& t, const std::string& player, std::optional<int> resigned) {
  const std::string title = tournament_title(t);
  return {text(Msg::TournamentLeftSubject, {{"number", t.id}, {"name", t.name}, {"userid", player}}),
          !resigned        ? text(Msg::TournamentLeftBeforeStart, {{"userid", player}, {"title", title}})
          : *resigned == 1 ? text(Msg::TournamentLeftOneGame, {{"userid", player}, {"title", title}})
                           : text(Msg::TournamentLeft, {{"userid", player}, {"title", title}, {"count", *resigned}})};
}

ReplyWords tournament_started(Database& db, const TournamentRecord& t) {
  return {text(Msg::TournamentStartedSubject, {{"number", t.id}, {"name", t.name}}), tournament_table_text(db, t)};
}

ReplyWords tournament_table_reply(Database& db, const TournamentRecord& t) {
  return {text(Msg::TournamentTableSubject, {{"number", t.id}, {"name", t.name}}), tournament_table_text(db, t)};
}

ReplyWords tournaments_reply(Database& db, const std::string& type, const std::vector<TournamentRecord>& listed) {
  Listing listing;
  for (const TournamentRecord& t : listed) {
    const std::string state =
        t.status == "open"      ? text(Msg::TournamentOpenForEntry)
        : t.status == "running" ? text(Msg::TournamentAtRound, {{"round", t.round}})
                                : text(Msg::TournamentEnded, {{"status", t.status}, {"date", t.ended_at.value_or("").substr(0, 10)}});
    listing.add(text(Msg::TournamentListEntry, {{"number", t.id},
                                                {"name", t.name},
                                                {"format", format_words(t.format)},
                                                {"count", Tournaments(db).entrants(t.id).size()},
                                                {"state", state}}));
  }
  return {text(Msg::TournamentsSubject, {{"title", game_title(type)}}),
          text(Msg::TournamentsList,
               {{"title", game_title(type)}, {"list", listing.text("    ", text(Msg::NoneIndented))}, {"type", type}})};
}

}  // namespace pbem::server
