#pragma once
// Authentication-Results header fields (RFC 8601): what a receiving mail system's checks
// (SPF, DKIM, DMARC, ...) found, in a field it adds at the top of each message:
//
//   Authentication-Results: mx.games.example.org; dkim=pass header.d=example.org;
//       dmarc=fail (p=reject dis=none) header.from=example.org
//
// Anyone can write such a field into a message before it is sent, so a result counts only
// in a field whose authserv-id (the first word) names a mail system the reader trusts, one
// that removes fields claiming its name from arriving mail (RFC 8601 section 5). Which one
// that is, and what follows from a result, is for the caller to decide.
#include <string>
#include <string_view>
#include <vector>

namespace pbem::mail {

struct AuthenticationResult {
  std::string method;  // "dmarc", "dkim", "spf", ...: lower case, without its version
  std::string result;  // "pass", "fail", "none", ...: lower case
};

// One Authentication-Results field.
struct AuthenticationResults {
  // As written (unquoted); empty when the field names none (Microsoft's mail systems write
  // fields that start with the first result), and such a field is nobody's.
  std::string authserv_id;
  std::vector<AuthenticationResult> results;  // in the order written; none for "; none"

  // Whether this field is by `authserv_id` (compared without regard to ASCII case, as
  // host names are) and says `method`=`result` (both lower case) at least once.
  bool says(std::string_view by, std::string_view method, std::string_view result) const;
};

// Parses the value of one field, tolerating what real mail systems write: comments (nested,
// anywhere, with ';' and '=' inside), folding and other blanks, quoted strings, a version
// after the authserv-id or a method ("dkim/1"), any case. Never throws except
// std::bad_alloc; one pass over the value. What cannot be read yields no result.
AuthenticationResults parse_authentication_results(std::string_view value);

}  // namespace pbem::mail
