// The formats' names, the Swiss default length, and next_round's choice of format.
#include "server/tournament/tournament_detail.h"

namespace pbem::server::tournament {

std::string format_name(Format format) {
  switch (format) {
    case Format::RoundRobin:
      return "roundrobin";
    case Format::Swiss:
      return "swiss";
    case Format::Knockout:
      return "knockout";
  }
  return "roundrobin";
}

std::optional<Format> format_named(const std::string& name) {
  for (const Format format : {Format::RoundRobin, Format::Swiss, Format::Knockout}) {
    if (format_name(format) == name) return format;
  }
  return std::nullopt;
}

int swiss_rounds(int entrants) {
  int rounds = 0;
  // ceil(log2 n): the rounds until 2^rounds covers every entrant, enough to leave one
  // player with a perfect score.
  while ((1LL << rounds) < entrants) ++rounds;
  if (rounds > entrants - 1) rounds = entrants - 1;
  return rounds < 1 ? 1 : rounds;
}

std::optional<Round> next_round(const Settings& settings, const std::vector<Entrant>& entrants,
                                const std::vector<PlayedGame>& games, const std::vector<Bye>& byes) {
  switch (settings.format) {
    case Format::RoundRobin:
      return detail::round_robin_round(settings, entrants, games);
    case Format::Swiss:
      return detail::swiss_round(settings, entrants, games, byes);
    case Format::Knockout:
      return detail::knockout_round(entrants, games, byes);
  }
  return std::nullopt;
}

}  // namespace pbem::server::tournament
