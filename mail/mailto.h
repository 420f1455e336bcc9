#pragma once
// mailto: URIs (RFC 6068) for links that compose a mail: the address, and the Subject
// and body the mail client fills in.
#include <string>
#include <string_view>

namespace pbem::mail {

// "mailto:<address>?subject=...&body=..." with every octet of the Subject and body that is
// not unreserved (RFC 3986: ALPHA DIGIT - . _ ~) percent-encoded as UTF-8 octets (so '#',
// '&', '=', '+', '%' and blanks, %20, never '+', arrive as written); the address keeps
// what RFC 6068's addr-spec allows unencoded (unreserved, '@' and "!$'()*+;:" but not ','
// which separates addresses). An empty Subject is left out. Not yet HTML-escaped.
std::string mailto_uri(std::string_view address, std::string_view subject, std::string_view body);

// The percent-encoding above for one value (exposed for tests).
std::string percent_encoded(std::string_view value, std::string_view also_unencoded = {});

}  // namespace pbem::mail
