#include <catch2/catch.hpp>

#include "mail/text_decoding.h"

using pbem::mail::decode_to_utf8;
using pbem::mail::normalize_newlines;
using pbem::mail::windows1252_to_utf8;

TEST_CASE("declared charsets are converted to UTF-8", "[mail][charset]") {
  CHECK(decode_to_utf8("Gr\xFC\xDF" "e", "ISO-8859-1") == "Grüße");
  CHECK(decode_to_utf8("Gr\xFC\xDF" "e", "iso-8859-15") == "Grüße");
  CHECK(decode_to_utf8("5 \xA4", "iso-8859-15") == "5 €");
  CHECK(decode_to_utf8("\x93quoted\x94 \x96 5 \x80", "windows-1252") == "“quoted” – 5 €");
  CHECK(decode_to_utf8("\xD0\x9F\xD1\x80\xD0\xB8", "UTF-8") == "При");
  CHECK(decode_to_utf8("\xF0\xD2\xC9", "koi8-r") == "При");
  CHECK(decode_to_utf8(std::string_view("\xFF\xFEh\0i\0", 6), "utf-16") == "hi");
}

TEST_CASE("iso-8859-1 is read as windows-1252, as browsers do", "[mail][charset]") {
  CHECK(decode_to_utf8("it\x92s", "iso-8859-1") == "it’s");
}

TEST_CASE("mislabelled or unlabelled 8-bit text falls back sensibly", "[mail][charset]") {
  // UTF-8 declared as ASCII (very common).
  CHECK(decode_to_utf8("caf\xC3\xA9", "us-ascii") == "café");
  CHECK(decode_to_utf8("caf\xC3\xA9", "") == "café");
  // Latin-1 bytes without a charset: windows-1252.
  CHECK(decode_to_utf8("caf\xE9", "") == "café");
  CHECK(decode_to_utf8("caf\xE9", "us-ascii") == "café");
  // Unknown charset: UTF-8 if valid, else windows-1252.
  CHECK(decode_to_utf8("caf\xC3\xA9", "x-no-such-charset") == "café");
  CHECK(decode_to_utf8("caf\xE9", "x-no-such-charset") == "café");
  // Declared UTF-8 with one broken byte keeps the rest.
  CHECK(decode_to_utf8("gr\xC3\xBC\xFF" "e", "utf-8") == "grü\xEF\xBF\xBD" "e");
}

TEST_CASE("a byte-order mark is dropped", "[mail][charset]") {
  CHECK(decode_to_utf8("\xEF\xBB\xBFhello", "utf-8") == "hello");
}

TEST_CASE("windows-1252 maps every byte, undefined ones to U+FFFD", "[mail][charset]") {
  CHECK(windows1252_to_utf8("\x80\x81\x9F\xA0\xFF") == "€\xEF\xBF\xBDŸ\xC2\xA0ÿ");
}

TEST_CASE("normalize_newlines makes LF text without stray controls", "[mail][charset]") {
  CHECK(normalize_newlines("a\r\nb\rc\nd") == "a\nb\nc\nd");
  CHECK(normalize_newlines("a\r\n\r\nb") == "a\n\nb");
  CHECK(normalize_newlines(std::string("t\tx\0y\x1b[31mz\x7f", 13)) == "t\txy[31mz");
}
