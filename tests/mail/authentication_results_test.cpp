// Authentication-Results fields (RFC 8601) as real mail systems write them: Gmail's,
// Microsoft's (which names no authserv-id), OpenDKIM's and OpenDMARC's, Fastmail's, the RFC's
// own examples, and what a sender may forge.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "mail/authentication_results.h"
#include "mail/inbound_message.h"
#include "mail_test_support.h"

using pbem::mail::AuthenticationResults;
using pbem::mail::parse_authentication_results;
using pbem::mail::parse_inbound;
using namespace pbem::mail::test;

namespace {

using Results = std::vector<std::pair<std::string, std::string>>;

Results results_of(const AuthenticationResults& field) {
  Results out;
  for (const auto& result : field.results) out.emplace_back(result.method, result.result);
  return out;
}

}  // namespace

TEST_CASE("Gmail's Authentication-Results: comments with colons and ';' inside, folded lines",
          "[authentication_results]") {
  const auto field = parse_authentication_results(
      " mx.google.com;\r\n"
      "       dkim=pass header.i=@example.com header.s=20230601 header.b=Gx4n0Tq7;\r\n"
      "       spf=pass (google.com: domain of alice@example.com designates 2a00:1450:4864:20::52f as permitted "
      "sender) smtp.mailfrom=alice@example.com;\r\n"
      "       dmarc=fail (p=REJECT sp=REJECT dis=REJECT) header.from=example.com");
  CHECK(field.authserv_id == "mx.google.com");
  CHECK(results_of(field) == Results{{"dkim", "pass"}, {"spf", "pass"}, {"dmarc", "fail"}});
  CHECK(field.says("mx.google.com", "dmarc", "fail"));
  CHECK_FALSE(field.says("mx.google.com", "dmarc", "pass"));
  CHECK_FALSE(field.says("mx.games.example.org", "dmarc", "fail"));
}

TEST_CASE("Microsoft's Authentication-Results name no authserv-id and are nobody's", "[authentication_results]") {
  const auto field = parse_authentication_results(
      " spf=fail (sender IP is 203.0.113.9)\r\n"
      " smtp.mailfrom=example.com; dkim=none (message not signed)\r\n"
      " header.d=none;dmarc=fail action=oreject\r\n"
      " header.from=example.com;compauth=fail reason=000");
  CHECK(field.authserv_id.empty());
  CHECK(results_of(field) ==
        Results{{"spf", "fail"}, {"dkim", "none"}, {"dmarc", "fail"}, {"compauth", "fail"}});
  CHECK_FALSE(field.says("", "dmarc", "fail"));
  CHECK_FALSE(field.says("spf", "dmarc", "fail"));
}

TEST_CASE("OpenDKIM's and OpenDMARC's Authentication-Results", "[authentication_results]") {
  const auto dkim = parse_authentication_results(
      " mx.games.example.org;\r\n"
      "\tdkim=pass (2048-bit key; unprotected) header.d=example.org header.i=@example.org\r\n"
      "\theader.a=rsa-sha256 header.s=sel1 header.b=AbCd/Ef+12=;\r\n"
      "\tdkim-atps=neutral");
  CHECK(dkim.authserv_id == "mx.games.example.org");
  CHECK(results_of(dkim) == Results{{"dkim", "pass"}, {"dkim-atps", "neutral"}});

  const auto dmarc = parse_authentication_results(" mx.games.example.org; dmarc=fail (p=reject dis=none) "
                                                  "header.from=example.org");
  CHECK(results_of(dmarc) == Results{{"dmarc", "fail"}});
  CHECK(dmarc.says("mx.games.example.org", "dmarc", "fail"));
  // A host name compares without regard to case.
  CHECK(dmarc.says("MX.Games.Example.ORG", "dmarc", "fail"));
  CHECK_FALSE(dmarc.says("games.example.org", "dmarc", "fail"));
  CHECK_FALSE(dmarc.says("mx.games.example.org.evil", "dmarc", "fail"));
}

TEST_CASE("Fastmail's Authentication-Results: properties with values of their own", "[authentication_results]") {
  const auto field = parse_authentication_results(
      " mx6.messagingengine.com;\r\n"
      "    dkim=pass (2048-bit rsa key sha256) header.d=example.org header.i=@example.org header.b=k1Xs\r\n"
      "      header.a=rsa-sha256 header.s=fm2 x-bits=2048;\r\n"
      "    dmarc=pass policy.published-domain-policy=none policy.applied-disposition=none\r\n"
      "      policy.evaluated-disposition=none (p=none,d=none,d.eval=none) policy.policy-from=p\r\n"
      "      header.from=example.org;\r\n"
      "    spf=pass smtp.mailfrom=alice@example.org smtp.helo=mail.example.org");
  CHECK(field.authserv_id == "mx6.messagingengine.com");
  CHECK(results_of(field) == Results{{"dkim", "pass"}, {"dmarc", "pass"}, {"spf", "pass"}});
}

TEST_CASE("RFC 8601's grammar: versions, 'none', quoted strings, case, blanks", "[authentication_results]") {
  SECTION("a version after the authserv-id and after a method") {
    const auto field = parse_authentication_results("example.com 1; dkim/1=pass header.d=example.net; "
                                                    "dmarc / 1 = fail header.from=example.net");
    CHECK(field.authserv_id == "example.com");
    CHECK(results_of(field) == Results{{"dkim", "pass"}, {"dmarc", "fail"}});
  }
  SECTION("'none': the server checked nothing") {
    const auto field = parse_authentication_results("example.org 1; none");
    CHECK(field.authserv_id == "example.org");
    CHECK(field.results.empty());
  }
  SECTION("a quoted authserv-id, upper case methods and results, no blanks at all") {
    const auto field = parse_authentication_results("\"mx.example.org\";DMARC=FAIL header.from=a.example;SPF=Pass");
    CHECK(field.authserv_id == "mx.example.org");
    CHECK(results_of(field) == Results{{"dmarc", "fail"}, {"spf", "pass"}});
    CHECK(field.says("mx.example.org", "dmarc", "fail"));
  }
  SECTION("a comment before the authserv-id and between the parts of a result") {
    const auto field = parse_authentication_results("(checked here) mx.example.org (the MX) ; dmarc (why) = "
                                                    "(really) fail");
    CHECK(field.authserv_id == "mx.example.org");
    CHECK(results_of(field) == Results{{"dmarc", "fail"}});
  }
  SECTION("the RFC's example with auth, a property in a quoted string") {
    const auto field = parse_authentication_results(" example.com;\r\n"
                                                    "          auth=pass (cram-md5) smtp.auth=sender@example.net;\r\n"
                                                    "          spf=pass smtp.mailfrom=\"sender;x\"@example.net");
    CHECK(results_of(field) == Results{{"auth", "pass"}, {"spf", "pass"}});
  }
}

TEST_CASE("what a comment or a property value says is no result", "[authentication_results]") {
  // Nested comments with escapes, ';' and '=' inside.
  const auto field = parse_authentication_results(
      " mx.example.org; dmarc=pass (not (nested; dmarc=fail) \\) dmarc=fail; ) header.from=dmarc=fail;"
      " spf=pass smtp.mailfrom=\"dmarc=fail\"");
  CHECK(results_of(field) == Results{{"dmarc", "pass"}, {"spf", "pass"}});
  CHECK_FALSE(field.says("mx.example.org", "dmarc", "fail"));
}

TEST_CASE("broken fields yield what can be read and never throw", "[authentication_results]") {
  for (const char* value : {"", " ", ";", "=", "/", "; dmarc", "; dmarc=", "; =fail", "mx.example.org; dmarc/",
                            "mx.example.org (unclosed; dmarc=fail", "mx.example.org; \"unclosed; dmarc=fail",
                            "(", "\"", ")))"}) {
    INFO(value);
    const auto field = parse_authentication_results(value);
    CHECK_FALSE(field.says("mx.example.org", "dmarc", "fail"));
  }
  CHECK(results_of(parse_authentication_results("mx.example.org;; ;dmarc=fail;;")) == Results{{"dmarc", "fail"}});
  // An id followed by '/' (OpenDMARC's AuthservIDWithJobID) is no authserv-id RFC 8601 allows.
  CHECK(parse_authentication_results("mx.example.org/4F2A1; dmarc=fail").authserv_id.empty());
}

TEST_CASE("parse_inbound keeps every Authentication-Results field, top first, and no look-alike",
          "[authentication_results]") {
  const auto message = parse_inbound(to_crlf(
      "Authentication-Results: mx.games.example.org;\n"
      "\tdmarc=fail (p=reject dis=none) header.from=example.org\n"
      "ARC-Authentication-Results: i=1; mx.games.example.org; dmarc=pass\n"
      "X-Authentication-Results: mx.games.example.org; dmarc=pass\n"
      "authentication-results: mx.google.com; dmarc=pass header.from=example.org\n"
      "Received: from mail.example.org by mx.games.example.org\n"
      "Authentication-Results: mx.games.example.org; dmarc=pass (written by the sender)\n"
      "From: alice@example.org\n"
      "To: pbem@games.example.org\n"
      "Subject: help\n"
      "\n"
      "help\n"));
  REQUIRE(message.authentication_results.size() == 3);
  CHECK(message.authentication_results[0].authserv_id == "mx.games.example.org");
  CHECK(results_of(message.authentication_results[0]) == Results{{"dmarc", "fail"}});
  CHECK(message.authentication_results[1].authserv_id == "mx.google.com");
  CHECK(results_of(message.authentication_results[2]) == Results{{"dmarc", "pass"}});

  CHECK(parse_inbound(to_crlf("From: alice@example.org\nSubject: help\n\nhelp\n")).authentication_results.empty());
}
