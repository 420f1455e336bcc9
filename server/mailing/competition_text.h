// The words about a game's competition (play/competitions.h gives the data), by kind: the
// heading of every mail about one of its games, the web's line about it, the refusal of an
// abort, and what signoff took a player out of. One table of texts per kind, here: a new
// kind of competition adds its row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/play/competitions.h"

namespace pbem::server {

// "T#3": the competition's number as players write it (a game record's "competition").
std::string competition_number(const CompetitionOfGame& of);
// "T#3 spring": the competition's number as players write it, and its name.
std::string competition_mark(const CompetitionOfGame& of);
// The first lines of every mail about a game of `of`: "Tournament T#3 spring, round 2".
std::string competition_heading(const CompetitionOfGame& of);
// What follows the linked mark on the web's game page: ", round 2".
std::string competition_stage(const CompetitionOfGame& of);
// The title word on the web ("Tournament") and the path of its page ("/tournaments/3").
std::string competition_title(const CompetitionOfGame& of);
std::string competition_page(const CompetitionOfGame& of);
// Why game `number` of `of` cannot be aborted.
std::string abort_refused(std::int64_t number, const CompetitionOfGame& of);
// The lines of signoff's reply about the competitions `left` (in registration order).
std::string signoff_lines(const std::vector<LeftCompetition>& left);

// "alice (dark) left tournament T#3 and resigned." (`competition`), or for an erased
// account "... deleted their account and resigned." (none); `cancelled` ends it.
std::string leaver_resigned_headline(const std::string& player, const std::string& colour, const std::string& cancelled,
                                     const std::optional<std::string>& competition);

enum class EntrantRefusal { Unconfirmed, SignedOff };
// Why `player` may not enter a tournament, league or ladder.
std::string refusal_text(EntrantRefusal why, const std::string& player);

}  // namespace pbem::server
