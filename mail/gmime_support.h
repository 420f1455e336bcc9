#pragma once
// Internal to mail/: GMime start-up and RAII ownership of GLib/GMime objects.
//
// GMime keeps global state (charset tables, type registry) that g_mime_init() builds. It must
// run exactly once before any other GMime call, from whichever thread gets there first, so
// every entry point of mail/ that touches GMime calls ensure_gmime_initialized() first.
// g_mime_shutdown() is never called: other threads may still be parsing at exit.
#include <gmime/gmime.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pbem::mail::detail {

// Runs g_mime_init() once per process (std::call_once); cheap after the first call.
void ensure_gmime_initialized();

struct GObjectUnref {
  void operator()(void* object) const noexcept {
    if (object != nullptr) g_object_unref(object);
  }
};
// Owns one reference to a GObject (GMimeMessage, GMimeStream, ...).
template <class T>
using GObjectPtr = std::unique_ptr<T, GObjectUnref>;

template <class T>
GObjectPtr<T> adopt_gobject(T* object) {
  return GObjectPtr<T>(object);
}

struct GFree {
  void operator()(void* memory) const noexcept { g_free(memory); }
};
// Owns a g_malloc'ed C string returned by GLib or GMime.
using GCharPtr = std::unique_ptr<char, GFree>;

// Copies a possibly-null C string; null becomes "".
inline std::string to_string_or_empty(const char* text) { return text ? std::string(text) : std::string(); }

// The value of the first header field `name` on `object`, or "" when absent.
std::string header_value(GMimeObject* object, const char* name);

// The raw (undecoded, still folded) value of the first header field `name`, or nullopt.
std::optional<std::string> raw_header_value(GMimeObject* object, const char* name);

}  // namespace pbem::mail::detail
