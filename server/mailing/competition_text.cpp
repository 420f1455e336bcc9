#include "server/mailing/competition_text.h"

#include <stdexcept>

#include "engine/text.h"

namespace pbem::server {

namespace {

// One kind's words.
struct KindText {
  const char* kind;
  const char* title;      // "Tournament"
  const char* mark;       // "T#": before its number
  const char* page;       // "/tournaments/": before its number
  const char* no_abort;   // after "a <kind> game cannot be aborted "
};

constexpr KindText kTexts[] = {
    {"tournament", "Tournament", "T#", "/tournaments/", "(resign it, or leave the tournament)"},
    {"league", "League", "G#", "/leagues/", "(resign it)"},
    {"ladder", "Ladder", "L#", "/ladders/", "(resign it, or leave the ladder)"},
};

const KindText& text_of(const std::string& kind) {
  for (const KindText& text : kTexts)
    if (kind == text.kind) return text;
  throw std::logic_error("no words for the competitions of kind " + kind);
}

std::string mark(const std::string& kind, std::int64_t id, const std::string& name) {
  return text_of(kind).mark + std::to_string(id) + " " + name;
}

}  // namespace

std::string competition_number(const CompetitionOfGame& of) { return text_of(of.kind).mark + std::to_string(of.id); }

std::string competition_mark(const CompetitionOfGame& of) { return mark(of.kind, of.id, of.name); }

std::string competition_stage(const CompetitionOfGame& of) {
  std::string stage;
  if (of.round) stage += ", round " + std::to_string(*of.round);
  if (of.season) stage += ", season " + std::to_string(*of.season);
  if (of.division) stage += ", division " + std::to_string(*of.division);
  return stage;
}

std::string competition_heading(const CompetitionOfGame& of) {
  return competition_title(of) + " " + competition_mark(of) + competition_stage(of) + "\n\n";
}

std::string competition_title(const CompetitionOfGame& of) { return text_of(of.kind).title; }

std::string competition_page(const CompetitionOfGame& of) { return text_of(of.kind).page + std::to_string(of.id); }

std::string abort_refused(std::int64_t number, const CompetitionOfGame& of) {
  return "game " + std::to_string(number) + " is a game of " + of.kind + " " + competition_mark(of) + ", and a " +
         of.kind + " game cannot be aborted " + text_of(of.kind).no_abort;
}

std::string signoff_lines(const std::vector<LeftCompetition>& left) {
  // Each group of what was left, in the order the reply says them: its kind and how, and
  // its sentence around the count ({n}) or the list ({list}) of those left.
  struct Group {
    const char* kind;
    LeftCompetition::How how;
    const char* sentence;
  };
  using How = LeftCompetition::How;
  static constexpr Group kGroups[] = {
      {"tournament", How::Entry, "You were taken out of the {n} tournament(s) you had joined that have not started.\n"},
      {"league", How::Now, "You left league(s) {list}.\n"},
      {"ladder", How::Now, "You left ladder(s) {list}; your ladder games under way go on.\n"},
      {"league", How::AfterSeason, "You leave league(s) {list}: play your games\nof the season out or resign them.\n"},
  };
  std::string text;
  for (const Group& group : kGroups) {
    std::vector<std::string> names;
    for (const LeftCompetition& l : left) {
      if (l.kind != group.kind || l.how != group.how) continue;
      names.push_back(mark(l.kind, l.id, l.name) +
                      (l.how == How::AfterSeason ? " (after season " + std::to_string(l.season.value_or(0)) + ")" : ""));
    }
    if (names.empty()) continue;
    std::string sentence = group.sentence;
    if (const auto at = sentence.find("{n}"); at != std::string::npos)
      sentence.replace(at, 3, std::to_string(names.size()));
    if (const auto at = sentence.find("{list}"); at != std::string::npos) sentence.replace(at, 6, join(names, ", "));
    text += sentence;
  }
  return text;
}

}  // namespace pbem::server
