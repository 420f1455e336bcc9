#include <catch2/catch.hpp>

#include "mail/subject.h"

using pbem::mail::strip_reply_prefixes;
using pbem::mail::unfold_header_text;

TEST_CASE("reply and forward prefixes are stripped in every common form", "[mail][subject]") {
  const std::string command = "gates move 17 alice secret c:d3";
  const char* prefixed[] = {
      "Re: gates move 17 alice secret c:d3",      "RE: gates move 17 alice secret c:d3",
      "re: gates move 17 alice secret c:d3",      "Re: Re: gates move 17 alice secret c:d3",
      "Re: RE: re: gates move 17 alice secret c:d3",
      "Fwd: gates move 17 alice secret c:d3",     "FW: gates move 17 alice secret c:d3",
      "Fw: Re: gates move 17 alice secret c:d3",  "AW: gates move 17 alice secret c:d3",
      "WG: AW: gates move 17 alice secret c:d3",  "SV: gates move 17 alice secret c:d3",
      "VS: gates move 17 alice secret c:d3",      "Antw: gates move 17 alice secret c:d3",
      "TR: gates move 17 alice secret c:d3",      "Re[2]: gates move 17 alice secret c:d3",
      "Re(3): gates move 17 alice secret c:d3",   "Re^2: gates move 17 alice secret c:d3",
      "RE : gates move 17 alice secret c:d3",     "Re:gates move 17 alice secret c:d3",
      "  Re:   Fwd:  gates move 17 alice secret c:d3  ",
  };
  for (const char* subject : prefixed) {
    INFO(subject);
    CHECK(strip_reply_prefixes(subject) == command);
  }
}

TEST_CASE("only leading prefixes are stripped, and only real ones", "[mail][subject]") {
  CHECK(strip_reply_prefixes("gates chat 4 bob pw Re: your move") == "gates chat 4 bob pw Re: your move");
  CHECK(strip_reply_prefixes("Reply to me") == "Reply to me");
  CHECK(strip_reply_prefixes("Regarding: nothing") == "Regarding: nothing");
  CHECK(strip_reply_prefixes("Re[x]: odd") == "Re[x]: odd");
  CHECK(strip_reply_prefixes("Re: ") == "");
  CHECK(strip_reply_prefixes("") == "");
}

TEST_CASE("blanks are collapsed, including tabs and no-break spaces", "[mail][subject]") {
  CHECK(strip_reply_prefixes("gates   move\t17 \xC2\xA0 alice") == "gates move 17 alice");
  CHECK(strip_reply_prefixes("\xC2\xA0Re:\xC2\xA0hy3 show 4") == "hy3 show 4");
}

TEST_CASE("unfold_header_text removes folds and neutralises line breaks", "[mail][subject]") {
  CHECK(unfold_header_text("gates move\r\n 17") == "gates move 17");
  CHECK(unfold_header_text("gates move\n\t17") == "gates move 17");  // the TAB becomes a blank
  CHECK(unfold_header_text("x\r\nBcc: evil@x") == "x Bcc: evil@x");
  CHECK(unfold_header_text("a\rb\nc\x01" "d\x7f") == "a b c d ");
  CHECK(unfold_header_text("trailing\r\n") == "trailing ");
}
