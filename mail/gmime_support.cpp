#include "mail/gmime_support.h"

#include <mutex>

namespace pbem::mail::detail {

void ensure_gmime_initialized() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

std::string header_value(GMimeObject* object, const char* name) {
  return to_string_or_empty(g_mime_object_get_header(object, name));
}

std::optional<std::string> raw_header_value(GMimeObject* object, const char* name) {
  GMimeHeaderList* headers = g_mime_object_get_header_list(object);
  if (headers == nullptr) return std::nullopt;
  GMimeHeader* header = g_mime_header_list_get_header(headers, name);
  if (header == nullptr) return std::nullopt;
  return to_string_or_empty(g_mime_header_get_raw_value(header));
}

}  // namespace pbem::mail::detail
