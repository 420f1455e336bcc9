// The web window's one entry point: a request in, a response out. Checks the method, maps
// the path to a page (web_pages.h) and makes HEAD's answer GET's without the body. No
// networking here: http_server.cpp reads and writes the bytes, the fuzz target calls this.
#pragma once

#include <optional>
#include <string_view>

#include "server/storage/database.h"
#include "server/support/config.h"
#include "server/web/web_response.h"

namespace pbem::server::web {

// Runs the page's reads in one read transaction on `db` (a consistent snapshot). A page
// that fails (a corrupt record) is a 500, logged once, never half a page.
WebResponse respond(Database& db, const Config& config, const WebRequest& request);

// What a request's header alone refuses, before any body is read: any method but GET and
// HEAD is 405 (with Allow), a body or not (RFC 9110 15.5.6); a GET or HEAD with a body
// (`body_follows`) is 413. Nothing when the request is for respond().
std::optional<WebResponse> refuse_before_body(std::string_view method, bool body_follows);

// The longest request target served; longer ones get 414.
inline constexpr std::size_t kMaxTargetLength = 2048;

}  // namespace pbem::server::web
