#include "server/replies/league_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/league_text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
std::string number_of(std::int64_t league) { return "G#" + std::to_string(league); }
}  // namespace

std::string refusal_text(const LeagueRefusal& why) {
  using namespace league_refusal;
  return std::visit(
      Overloaded{
          [](const NoSuch& r) { return text(Msg::NoSuchLeagueRefusal, {{"number", r.number}}); },
          [](const OtherKind& r) {
            return text(Msg::OtherKindOfLeagueRefusal, {{"number", r.number}, {"title", game_title(r.type)}, {"type", r.type}});
          },
          [](const OrganiserUnconfirmed& r) { return text(Msg::LeagueOrganiserUnconfirmedRefusal, {{"userid", r.userid}}); },
          [](const TooMany& r) { return text(Msg::TooManyLeaguesRefusal, {{"userid", r.userid}, {"most", r.most}}); },
          [](const AlreadyIn& r) {
            return text(Msg::AlreadyInLeagueRefusal, {{"userid", r.userid}, {"league", number_of(r.league)}});
          },
          [](const Full& r) { return text(Msg::LeagueFullRefusal, {{"league", number_of(r.league)}, {"most", r.most}}); },
          [](const NotIn& r) { return text(Msg::NotInLeagueRefusal, {{"userid", r.userid}, {"league", number_of(r.league)}}); },
          [](const LeavingAlready& r) {
            return text(Msg::LeavingLeagueAlreadyRefusal, {{"userid", r.userid}, {"league", number_of(r.league)}});
          },
          [](const OnlyOrganiserStarts& r) {
            return text(Msg::OnlyLeagueOrganiserStartsRefusal, {{"league", number_of(r.league)}, {"organiser", r.organiser}});
          },
          [](const UnderWay& r) { return text(Msg::LeagueUnderWayRefusal, {{"league", number_of(r.league)}}); },
          [](const TooFew& r) {
            return text(Msg::LeagueTooFewRefusal, {{"league", number_of(r.league)}, {"count", r.count}, {"least", r.least}});
          }},
      why);
}

ReplyWords league_opened(Database& db, const LeagueRecord& l, const std::string& bot, int least) {
  return {text(Msg::LeagueOpenSubject, {{"league", number_of(l.id)}, {"name", l.name}}),
          league_text(db, l) + text(Msg::LeagueOrganised, {{"type", l.type},
                                                           {"league", number_of(l.id)},
                                                           {"bot", bot},
                                                           {"least", least},
                                                           {"userid", l.organiser}})};
}

ReplyWords league_joined(const LeagueRecord& l, const std::string& player, bool took_back) {
  const std::string subject =
      text(Msg::LeagueJoinedSubject, {{"league", number_of(l.id)}, {"name", l.name}, {"userid", player}});
  if (took_back) return {subject, text(Msg::LeagueLeaveTakenBack, {{"userid", player}, {"title", league_title(l)}})};
  return {subject, text(l.status == "open" ? Msg::LeagueJoinedBeforeStart : Msg::LeagueJoinedUnderWay,
                        {{"userid", player}, {"title", league_title(l)}}) +
                       text(Msg::LeagueHowToLeave, {{"type", l.type}, {"league", number_of(l.id)}, {"userid", player}})};
}

ReplyWords league_left(const LeagueRecord& l, const std::string& player, bool now) {
  const std::string subject =
      text(Msg::LeagueLeavesSubject, {{"league", number_of(l.id)}, {"name", l.name}, {"userid", player}});
  if (now) return {subject, text(Msg::LeagueLeftBeforePlaying, {{"userid", player}, {"title", league_title(l)}})};
  return {subject, text(Msg::LeagueLeavesAfterSeason, {{"userid", player},
                                                      {"title", league_title(l)},
                                                      {"season", l.season},
                                                      {"type", l.type},
                                                      {"league", number_of(l.id)}})};
}

ReplyWords league_started(Database& db, const LeagueRecord& l) {
  return {text(Msg::LeagueStartedSubject, {{"league", number_of(l.id)}, {"name", l.name}}), league_text(db, l)};
}

ReplyWords league_table_reply(Database& db, const LeagueRecord& l) {
  return {text(Msg::LeagueTableSubject, {{"league", number_of(l.id)}, {"name", l.name}}), league_text(db, l)};
}

ReplyWords leagues_reply(const std::string& type, const std::vector<ListedLeague>& found, int count) {
  Listing listing;
  for (const auto& [l, members] : found) {
    listing.add(members == 1 ? text(Msg::LeagueListEntryOne, {{"league", number_of(l.id)},
                                                              {"name", l.name},
                                                              {"group", l.group},
                                                              {"status", league_status_words(l)}})
                             : text(Msg::LeagueListEntry, {{"league", number_of(l.id)},
                                                           {"name", l.name},
                                                           {"group", l.group},
                                                           {"count", members},
                                                           {"status", league_status_words(l)}}));
  }
  listing.add_unshown(static_cast<std::size_t>(count) - found.size());
  return {text(Msg::LeaguesSubject, {{"title", game_title(type)}}),
          text(Msg::LeaguesList,
               {{"title", game_title(type)}, {"list", listing.text("    ", text(Msg::NoneIndented))}, {"type", type}})};
}

}  // namespace pbem::server
