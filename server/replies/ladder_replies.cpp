#include "server/replies/ladder_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/replies/climb_replies.h"
#include "server/mailing/ladder_text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
std::string ref_of(std::int64_t ladder) { return "L#" + std::to_string(ladder); }
}  // namespace

std::string refusal_text(const LadderRefusal& why) {
  using namespace ladder_refusal;
  return std::visit(
      Overloaded{
          [](const NoSuch& r) { return text(Msg::NoSuchLadderRefusal, {{"ladder", r.number}}); },
          [](const OtherKind& r) {
            return text(Msg::OtherKindOfLadderRefusal, {{"ladder", r.number}, {"title", game_title(r.type)}, {"type", r.type}});
          },
          [](const OrganiserUnconfirmed& r) {
            return text(Msg::UnconfirmedCannotOrganiseLadderRefusal, {{"organiser", r.organiser}});
          },
          [](const TooMany& r) { return text(Msg::LaddersPerOrganiserRefusal, {{"organiser", r.organiser}, {"most", r.most}}); },
          [](const AlreadyOn& r) {
            return text(Msg::AlreadyOnLadderRefusal, {{"player", r.player}, {"ladder", ref_of(r.ladder)}, {"rung", r.rung}});
          },
          [](const Full& r) { return text(Msg::LadderFullRefusal, {{"ladder", ref_of(r.ladder)}, {"most", r.most}}); },
          [](const NotOn& r) { return text(Msg::NotOnLadderRefusal, {{"player", r.player}, {"ladder", ref_of(r.ladder)}}); }},
      why);
}

std::string ladder_named(const LadderRecord& l) { return "ladder " + ref_of(l.id); }

ReplyWords ladder_opened(Database& db, const LadderRecord& l, const std::string& computer) {
  return {text(Msg::LadderOpenSubject, {{"ladder", ladder_name(l)}}),
          ladder_text(db, l) + ladder_commands_text(l) +
              text(Msg::LadderOrganiserNote, {{"type", l.type}, {"ladder", ref_of(l.id)}, {"computer", computer}})};
}

ReplyWords ladder_joined(const LadderRecord& l, const std::string& player, std::size_t rung) {
  return {text(Msg::LadderJoinedSubject, {{"ladder", ladder_name(l)}, {"player", player}}),
          text(Msg::LadderJoined, {{"player", player},
                                   {"title", ladder_title(l)},
                                   {"rung", std::to_string(rung)},
                                   {"reach", rungs_text(l.reach)},
                                   {"type", l.type},
                                   {"ladder", ref_of(l.id)}})};
}

ReplyWords ladder_left(const LadderRecord& l, const std::string& player, int resigned) {
  return {text(Msg::LadderLeftSubject, {{"ladder", ladder_name(l)}, {"player", player}}),
          text(Msg::LadderLeft,
               {{"player", player},
                {"title", ladder_title(l)},
                {"resigned", text(resigned == 1 ? Msg::OneLadderGameResigned : Msg::LadderGamesResigned, {{"n", resigned}})}})};
}

ReplyWords ladder_table_reply(Database& db, const LadderRecord& l) {
  return {text(Msg::LadderSubject, {{"ladder", ladder_name(l)}}), ladder_text(db, l) + ladder_commands_text(l)};
}

ReplyWords ladders_reply(const std::string& type, const std::vector<std::pair<LadderRecord, int>>& shown, int all) {
  Listing listing;
  for (const auto& [l, players] : shown) {
    listing.add(text(Msg::LadderLine, {{"ladder", ref_of(l.id)},
                                       {"name", l.name},
                                       {"players", text(players == 1 ? Msg::OnePlayer : Msg::SeveralPlayers, {{"n", players}})},
                                       {"reach", l.reach},
                                       {"organiser", l.organiser}}));
  }
  if (all > static_cast<int>(shown.size())) listing.add_unshown(static_cast<std::size_t>(all) - shown.size());
  return {text(Msg::LaddersSubject, {{"title", game_title(type)}}),
          text(Msg::LaddersList,
               {{"title", game_title(type)}, {"lines", listing.text("    ", text(Msg::NoneIndented))}, {"type", type}})};
}

}  // namespace pbem::server
