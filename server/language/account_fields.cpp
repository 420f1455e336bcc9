#include "server/language/account_fields.h"

#include <cctype>

#include "engine/text.h"

namespace pbem::server {

std::optional<std::string> userid_problem(std::string_view userid) {
  if (userid.size() < 2 || userid.size() > 16)
    return "userid " + quoted_word(userid) + " must be 2 to 16 characters long";
  for (char ch : userid)
    if (!(std::islower(static_cast<unsigned char>(ch)) || std::isdigit(static_cast<unsigned char>(ch)) ||
          ch == '_' || ch == '-'))
      return "userid " + quoted_word(userid) + " may only contain a-z, 0-9, '_' and '-'";
  return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password) {
  if (password.size() < 4 || password.size() > 64) return std::string("password must be 4 to 64 characters long");
  for (char ch : password) {
    unsigned char u = static_cast<unsigned char>(ch);
    if (u <= 32 || u == 127 || ch == '"' || ch == '\'' || ch == ':' || ch == '`')
      return std::string("password may not contain blanks, quotes or colons");
  }
  return std::nullopt;
}

}  // namespace pbem::server
