// What the web window answers, independent of HTTP's wire format: http_server.cpp turns it
// into a Beast response, the fuzz target and unit tests read it directly.
#pragma once

#include <string>

namespace pbem::server::web {

struct WebRequest {
  std::string method;         // "GET", "HEAD", ...
  std::string target;         // as sent: "/games/17?x=1"
  std::string if_none_match;  // the If-None-Match header, "" when absent
};

struct WebResponse {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::string body;           // for HEAD, what GET would send (only its length is sent)
  std::string etag;           // pictures: quoted, from the position; "" for none
  std::string allow;          // 405: the methods allowed
  std::string cache_control = "no-cache";
};

}  // namespace pbem::server::web
