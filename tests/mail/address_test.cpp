#include <catch2/catch.hpp>

#include "mail/address.h"

using pbem::mail::normalize_address;

TEST_CASE("normalize_address lower-cases only the domain", "[mail][address]") {
  CHECK(normalize_address("Alice@Example.ORG") == "Alice@example.org");
  CHECK(normalize_address("pbem@localhost") == "pbem@localhost");
  CHECK(normalize_address("first.last+tag@sub.example.co.uk") == "first.last+tag@sub.example.co.uk");
}

TEST_CASE("normalize_address trims blanks and strips angle brackets", "[mail][address]") {
  CHECK(normalize_address("  bob@Example.net\t") == "bob@example.net");
  CHECK(normalize_address("<bob@example.net>") == "bob@example.net");
  CHECK(normalize_address(" < bob@EXAMPLE.net > ") == "bob@example.net");
}

TEST_CASE("normalize_address rejects what is not a plain addr-spec", "[mail][address]") {
  CHECK_FALSE(normalize_address(""));
  CHECK_FALSE(normalize_address("   "));
  CHECK_FALSE(normalize_address("alice"));
  CHECK_FALSE(normalize_address("alice@"));
  CHECK_FALSE(normalize_address("@example.org"));
  CHECK_FALSE(normalize_address("alice smith@example.org"));
  CHECK_FALSE(normalize_address("alice@exa mple.org"));
  CHECK_FALSE(normalize_address("a@b@example.org"));
  CHECK_FALSE(normalize_address("alice@example..org"));
  CHECK_FALSE(normalize_address("alice@.example.org"));
  CHECK_FALSE(normalize_address(".alice@example.org"));
  CHECK_FALSE(normalize_address("Alice <alice@example.org>"));
  CHECK_FALSE(normalize_address("alice@example.org\r\nBcc: evil@x"));
  CHECK_FALSE(normalize_address("alice@example.org,bob@example.org"));
  CHECK_FALSE(normalize_address("\"alice\"@example.org"));
  CHECK_FALSE(normalize_address("alice@example.org>"));
  CHECK_FALSE(normalize_address(std::string("alice\0@example.org", 19)));
}

// Issue 26: the per-address limits count this form.
TEST_CASE("canonical_mailbox folds the local part's case and drops a +detail", "[address]") {
  using pbem::mail::canonical_mailbox;
  CHECK(canonical_mailbox("Victim@Example.ORG") == "victim@example.org");
  CHECK(canonical_mailbox("victiM@example.org") == "victim@example.org");
  CHECK(canonical_mailbox("victim+2400@example.org") == "victim@example.org");
  CHECK(canonical_mailbox("VICTIM+a+b@example.org") == "victim@example.org");
  CHECK(canonical_mailbox("+only@example.org") == "+only@example.org");  // nothing before the '+'
  CHECK(canonical_mailbox("first.last@example.org") == "first.last@example.org");
}

// Issue 40: Gmail ignores the dots of the local part, and googlemail.com is gmail.com.
TEST_CASE("canonical_mailbox drops the local part's dots at gmail.com and googlemail.com", "[address]") {
  using pbem::mail::canonical_mailbox;
  CHECK(canonical_mailbox("v.ictim@gmail.com") == "victim@gmail.com");
  CHECK(canonical_mailbox("V.I.C.T.I.M+x.y@GMail.com") == "victim@gmail.com");
  CHECK(canonical_mailbox("victim@googlemail.com") == "victim@gmail.com");
  CHECK(canonical_mailbox("vic.tim@GoogleMail.COM") == "victim@gmail.com");
  // Elsewhere a dot is part of the name, and so is a domain that only ends like Gmail's.
  CHECK(canonical_mailbox("v.ictim@example.org") == "v.ictim@example.org");
  CHECK(canonical_mailbox("v.ictim@notgmail.com") == "v.ictim@notgmail.com");
  CHECK(canonical_mailbox("v.ictim@mail.gmail.com") == "v.ictim@mail.gmail.com");
}
