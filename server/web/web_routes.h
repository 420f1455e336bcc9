// The web window's one entry point: a request in, a response out. Checks the method, maps
// the path to a page (web_pages.h) and makes HEAD's answer GET's without the body. No
// networking here: http_server.cpp reads and writes the bytes, the fuzz target calls this.
#pragma once

#include "server/storage/database.h"
#include "server/support/config.h"
#include "server/web/web_response.h"

namespace pbem::server::web {

// Runs the page's reads in one read transaction on `db` (a consistent snapshot). A page
// that fails (a corrupt record) is a 500, logged once, never half a page.
WebResponse respond(Database& db, const Config& config, const WebRequest& request);

// The longest request target served; longer ones get 414.
inline constexpr std::size_t kMaxTargetLength = 2048;

}  // namespace pbem::server::web
