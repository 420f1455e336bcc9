// The words of the options the competitions' `new` commands share
// (handlers/competition_options.cpp): a tournament's, league's or ladder's name, a number
// option out of its range, and an entrant named as the computer who is not it.
#pragma once

#include <string>
#include <variant>

namespace pbem::server {

namespace competition_option_refusal {
// `kind` is the competition's kind as the commands spell it: tournament, league, ladder.
struct NameMalformed { std::string kind, name; };  // empty, too long, not printable ASCII
struct NameEncoded { std::string kind; };           // holds "=?", an RFC 2047 encoded word
struct NameLooksLikeOption { std::string kind, name; };
struct NumberOutOfRange { std::string option, word; int low = 0, high = 0; };
struct RatingRangeNotForCompetition {};            // -rating is for an open invitation
struct NotTheComputer { std::string userid; };
}  // namespace competition_option_refusal
using CompetitionOptionRefusal =
    std::variant<competition_option_refusal::NameMalformed, competition_option_refusal::NameEncoded,
                 competition_option_refusal::NameLooksLikeOption, competition_option_refusal::NumberOutOfRange,
                 competition_option_refusal::RatingRangeNotForCompetition, competition_option_refusal::NotTheComputer>;
// Why a competition's options were refused.
std::string refusal_text(const CompetitionOptionRefusal& why);

}  // namespace pbem::server
