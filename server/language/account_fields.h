// The rules of an account's fields, shared by the argument reader (a word that breaks the
// password rules is not a password: the words are out of order), signup and change.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pbem::server {

// Account field rules, shared by signup and change.
std::optional<std::string> userid_problem(std::string_view userid);
std::optional<std::string> password_problem(std::string_view password);

}  // namespace pbem::server
