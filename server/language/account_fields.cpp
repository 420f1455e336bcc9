#include "server/language/account_fields.h"

#include <cctype>

namespace pbem::server {

std::optional<FieldProblem> userid_problem(std::string_view userid) {
  if (userid.size() < 2 || userid.size() > 16) return FieldProblem::Length;
  for (char ch : userid)
    if (!(std::islower(static_cast<unsigned char>(ch)) || std::isdigit(static_cast<unsigned char>(ch)) ||
          ch == '_' || ch == '-'))
      return FieldProblem::Characters;
  return std::nullopt;
}

std::optional<FieldProblem> password_problem(std::string_view password) {
  if (password.size() < 4 || password.size() > 64) return FieldProblem::Length;
  for (char ch : password) {
    unsigned char u = static_cast<unsigned char>(ch);
    if (u <= 32 || u == 127 || ch == '"' || ch == '\'' || ch == ':' || ch == '`') return FieldProblem::Characters;
  }
  return std::nullopt;
}

}  // namespace pbem::server
