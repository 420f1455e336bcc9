// A migrated SQLite database in a fresh directory with the default configuration and a
// MailService on it: what the pipeline tests start from.
#pragma once

#include <string>

#include "server/pipeline/mail_service.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "server/support/config.h"
#include "temp_dir.h"

namespace pbem::test {

struct ServiceFixture {
  TempDir dir;
  server::Database db{dir.path() / "pbem.sqlite"};
  server::Config config = server::default_config(dir.path());
  server::MailService service{db, config};

  ServiceFixture() { server::migrate(db); }
};

// A minimal plain message from `from` with `subject`; `id` makes its Message-ID unique.
inline std::string plain_mail(const std::string& from, const std::string& subject, const std::string& id,
                              const std::string& body = "hello\r\n") {
  return "From: " + from + "\r\nTo: pbem@localhost\r\nSubject: " + subject + "\r\nMessage-ID: <" + id +
         "@example.org>\r\n\r\n" + body;
}

}  // namespace pbem::test
