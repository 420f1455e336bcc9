// Account passwords, stored only as Argon2id hashes (libsodium crypto_pwhash_str with the
// interactive limits); a password is never stored or logged in clear.
#pragma once

#include <string>
#include <string_view>

namespace pbem::server {

// A self-describing hash string ("$argon2id$v=19$m=...,t=...,p=1$salt$hash") with a fresh
// random salt, so hashing one password twice gives two different strings. Throws
// std::runtime_error if the hash cannot be computed (out of memory).
std::string hash_password(std::string_view password);

// True when `password` matches `hash`; false for a wrong password or a malformed hash.
bool verify_password(std::string_view hash, std::string_view password);

// How many times this process has run verify_password's Argon2id (the expensive part), for
// the log: an operator (and a test) can see what a flood of guesses cost.
unsigned long long password_verifications();

// True when `hash` was made with other limits than the current ones, so the caller may
// store a fresh hash after the next successful verification.
bool password_needs_rehash(std::string_view hash);

}  // namespace pbem::server
