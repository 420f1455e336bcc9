#include <catch2/catch.hpp>

#include "mail/format_flowed.h"

using pbem::mail::decode_format_flowed;

TEST_CASE("soft line breaks are joined, hard ones kept", "[mail][flowed]") {
  CHECK(decode_format_flowed("one two \nthree\nfour\n", false) == "one two three\nfour\n");
  CHECK(decode_format_flowed("a \nb \nc\n\nd\n", false) == "a b c\n\nd\n");
}

TEST_CASE("delsp=yes removes the space before a soft break", "[mail][flowed]") {
  CHECK(decode_format_flowed("lang \nwort\n", true) == "langwort\n");
  CHECK(decode_format_flowed("lang \nwort\n", false) == "lang wort\n");
}

TEST_CASE("space-stuffing is undone", "[mail][flowed]") {
  CHECK(decode_format_flowed(" From here\n >not a quote\n", false) == "From here\n>not a quote\n");
}

TEST_CASE("quoted flowed paragraphs keep their depth and do not merge across depths", "[mail][flowed]") {
  CHECK(decode_format_flowed("> quoted \n> more\n>> deeper \n>> still\nmine\n", false) ==
        "> quoted more\n>> deeper still\nmine\n");
  CHECK(decode_format_flowed("> soft \nnot quoted\n", false) == "> soft \nnot quoted\n");
}

TEST_CASE("the signature separator is not a soft break", "[mail][flowed]") {
  CHECK(decode_format_flowed("text\n-- \nBob\n", false) == "text\n-- \nBob\n");
}

TEST_CASE("text without a final newline keeps that shape", "[mail][flowed]") {
  CHECK(decode_format_flowed("a \nb", false) == "a b");
  CHECK(decode_format_flowed("", false) == "");
}
