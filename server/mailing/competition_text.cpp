#include "server/mailing/competition_text.h"

#include <stdexcept>

#include "engine/text.h"
#include "server/catalogue/catalogue.h"

namespace pbem::server {

namespace {

// One kind's words: its marks (not words: "T#" before its number, its page's path) and its
// messages.
struct KindText {
  const char* kind;
  Msg title;     // "Tournament"
  const char* mark;  // "T#": before its number
  const char* page;  // "/tournaments/": before its number
  Msg no_abort;  // after "a <kind> game cannot be aborted "
};

constexpr KindText kTexts[] = {
    {"tournament", Msg::TournamentTitle, "T#", "/tournaments/", Msg::TournamentNoAbort},
    {"league", Msg::LeagueTitle, "G#", "/leagues/", Msg::LeagueNoAbort},
    {"ladder", Msg::LadderTitle, "L#", "/ladders/", Msg::LadderNoAbort},
};

const KindText& text_of(const std::string& kind) {
  for (const KindText& text : kTexts)
    if (kind == text.kind) return text;
  throw std::logic_error("no words for the competitions of kind " + kind);
}

std::string mark(const std::string& kind, std::int64_t id, const std::string& name) {
  return text(Msg::CompetitionMark, {{"mark", text_of(kind).mark}, {"id", id}, {"name", name}});
}

}  // namespace

std::string competition_number(const CompetitionOfGame& of) { return text_of(of.kind).mark + std::to_string(of.id); }

std::string competition_mark(const CompetitionOfGame& of) { return mark(of.kind, of.id, of.name); }

std::string competition_stage(const CompetitionOfGame& of) {
  std::string stage;
  if (of.round) stage += text(Msg::StageRound, {{"round", *of.round}});
  if (of.season) stage += text(Msg::StageSeason, {{"season", *of.season}});
  if (of.division) stage += text(Msg::StageDivision, {{"division", *of.division}});
  return stage;
}

std::string competition_heading(const CompetitionOfGame& of) {
  return text(Msg::CompetitionHeading,
              {{"title", competition_title(of)}, {"mark", competition_mark(of)}, {"stage", competition_stage(of)}});
}

std::string competition_title(const CompetitionOfGame& of) { return text(text_of(of.kind).title); }

std::string competition_page(const CompetitionOfGame& of) { return text_of(of.kind).page + std::to_string(of.id); }

std::string abort_refused(std::int64_t number, const CompetitionOfGame& of) {
  return text(Msg::AbortInCompetitionRefusal, {{"game", number},
                                               {"kind", of.kind},
                                               {"mark", competition_mark(of)},
                                               {"why", text(text_of(of.kind).no_abort)}});
}

std::string signoff_lines(const std::vector<LeftCompetition>& left) {
  // Each group of what was left, in the order the reply says them: its kind and how, and
  // its sentence around the count ({n}) or the list ({list}) of those left.
  struct Group {
    const char* kind;
    LeftCompetition::How how;
    Msg sentence;
    bool counted;  // {n}, not {list}
  };
  using How = LeftCompetition::How;
  static constexpr Group kGroups[] = {
      {"tournament", How::Entry, Msg::SignoffTournaments, true},
      {"league", How::Now, Msg::SignoffLeagues, false},
      {"ladder", How::Now, Msg::SignoffLadders, false},
      {"league", How::AfterSeason, Msg::SignoffLeaguesAfterSeason, false},
  };
  std::string said;
  for (const Group& group : kGroups) {
    std::vector<std::string> names;
    for (const LeftCompetition& l : left) {
      if (l.kind != group.kind || l.how != group.how) continue;
      const std::string marked = mark(l.kind, l.id, l.name);
      names.push_back(l.how == How::AfterSeason
                          ? text(Msg::LeftAfterSeason, {{"mark", marked}, {"season", l.season.value_or(0)}})
                          : marked);
    }
    if (names.empty()) continue;
    said += group.counted ? text(group.sentence, {{"n", names.size()}})
                          : text(group.sentence, {{"list", join(names, ", ")}});
  }
  return said;
}

std::string refusal_text(EntrantRefusal why, const std::string& player) {
  return text(why == EntrantRefusal::Unconfirmed ? Msg::UnconfirmedCannotPlayRefusal : Msg::SignedOffRefusal,
              {{"player", player}});
}

std::string leaver_resigned_headline(const std::string& player, const std::string& colour, const std::string& cancelled,
                                     const std::optional<std::string>& competition) {
  if (!competition)
    return text(Msg::ErasedAndResignedHeadline, {{"player", player}, {"colour", colour}, {"cancelled", cancelled}});
  return text(Msg::LeftCompetitionResignedHeadline,
              {{"player", player}, {"colour", colour}, {"cancelled", cancelled}, {"competition", *competition}});
}

}  // namespace pbem::server
