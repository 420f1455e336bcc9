// The rules of an account's fields, shared by the argument reader (a word that breaks the
// password rules is not a password: the words are out of order), signup and change.
#pragma once

#include <optional>
#include <string_view>

#include "server/language/parse_refusal.h"

namespace pbem::server {

// Which rule the field breaks, if any (replies/parse_replies.cpp words it): a userid is 2 to
// 16 of a-z, 0-9, '_' and '-'; a password 4 to 64 characters, no blank, quote or colon.
std::optional<FieldProblem> userid_problem(std::string_view userid);
std::optional<FieldProblem> password_problem(std::string_view password);

}  // namespace pbem::server
