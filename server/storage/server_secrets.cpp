#include "server/storage/server_secrets.h"

#include <array>

#include <sodium.h>

#include "server/support/clock.h"
#include "server/support/sodium.h"

namespace pbem::server {

std::string ServerSecrets::key(std::string_view name) {
  {
    auto query = db_.prepare("SELECT secret FROM server_secrets WHERE name = ?");
    query.bind(1, std::string(name));
    if (query.step()) return query.column_blob(0);
  }
  ensure_sodium_initialized();
  std::array<unsigned char, 32> fresh{};
  randombytes_buf(fresh.data(), fresh.size());
  auto insert = db_.prepare("INSERT INTO server_secrets (name, secret, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
  insert.bind(1, std::string(name))
      .bind_blob(2, std::string_view(reinterpret_cast<const char*>(fresh.data()), fresh.size()))
      .bind(3, now_iso8601());
  insert.run();
  sodium_memzero(fresh.data(), fresh.size());
  auto query = db_.prepare("SELECT secret FROM server_secrets WHERE name = ?");
  query.bind(1, std::string(name));
  query.step();
  return query.column_blob(0);
}

}  // namespace pbem::server
