// Argon2id password hashing through libsodium.
#include <catch2/catch.hpp>

#include <string>

#include "server/storage/passwords.h"

using pbem::server::hash_password;
using pbem::server::password_needs_rehash;
using pbem::server::verify_password;

TEST_CASE("a password verifies against its hash and nothing else does", "[passwords]") {
  const std::string password = "correct-horse!";
  const std::string hash = hash_password(password);

  CHECK(hash.starts_with("$argon2id$"));
  CHECK(hash.find(password) == std::string::npos);
  CHECK(hash.find("correct") == std::string::npos);
  CHECK(verify_password(hash, password));
  CHECK_FALSE(verify_password(hash, "correct-horse"));
  CHECK_FALSE(verify_password(hash, "Correct-horse!"));
  CHECK_FALSE(verify_password(hash, ""));
  CHECK_FALSE(password_needs_rehash(hash));

  // A fresh salt each time: equal passwords do not give equal hashes.
  CHECK(hash_password(password) != hash);
}

TEST_CASE("a malformed hash never verifies", "[passwords]") {
  CHECK_FALSE(verify_password("", "secret"));
  CHECK_FALSE(verify_password("secret", "secret"));
  CHECK_FALSE(verify_password(std::string(500, '$'), "secret"));
  CHECK_FALSE(verify_password(std::string("$argon2id$\0", 11), "secret"));
  CHECK(password_needs_rehash("not a hash"));
}
