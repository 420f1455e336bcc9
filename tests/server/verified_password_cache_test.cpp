// The verified-password cache: hits only for the exact (userid, password, stored hash) that
// passed, never for a wrong password, forgotten on signoff, bounded.
#include <catch2/catch.hpp>

#include "server/storage/passwords.h"
#include "server/storage/verified_password_cache.h"

using pbem::server::VerifiedPasswordCache;

TEST_CASE("an entry matches only its own userid, password and stored hash", "[password-cache]") {
  VerifiedPasswordCache cache(4);
  cache.remember("alice", "secret1", "$hash-1");
  CHECK(cache.contains("alice", "secret1", "$hash-1"));
  CHECK_FALSE(cache.contains("alice", "secret2", "$hash-1"));  // another password
  CHECK_FALSE(cache.contains("alice", "secret1", "$hash-2"));  // the password was changed
  CHECK_FALSE(cache.contains("bob", "secret1", "$hash-1"));    // another user
  // Field boundaries count: ("ab", "c") is not ("a", "bc").
  cache.remember("ab", "cdef", "h");
  CHECK_FALSE(cache.contains("a", "bcdef", "h"));
}

TEST_CASE("signoff forgets a user; the least recently used entry goes first", "[password-cache]") {
  VerifiedPasswordCache cache(2);
  cache.remember("alice", "pw-a", "h");
  cache.remember("bob", "pw-b", "h");
  CHECK(cache.contains("alice", "pw-a", "h"));  // alice is now the most recent
  cache.remember("carol", "pw-c", "h");         // bob, the least recent, makes room
  CHECK(cache.size() == 2);
  CHECK_FALSE(cache.contains("bob", "pw-b", "h"));
  CHECK(cache.contains("alice", "pw-a", "h"));
  cache.forget("alice");
  CHECK_FALSE(cache.contains("alice", "pw-a", "h"));
  CHECK(cache.contains("carol", "pw-c", "h"));
}

TEST_CASE("verify_password_cached remembers a right password and never a wrong one", "[password-cache]") {
  const std::string hash = pbem::server::hash_password("right-one");
  auto& cache = VerifiedPasswordCache::process_wide();
  CHECK_FALSE(pbem::server::verify_password_cached("dora", hash, "wrong-one"));
  CHECK_FALSE(cache.contains("dora", "wrong-one", hash));
  CHECK(pbem::server::verify_password_cached("dora", hash, "right-one"));
  CHECK(cache.contains("dora", "right-one", hash));
  CHECK(pbem::server::verify_password_cached("dora", hash, "right-one"));  // now a hit
}
