// A migrated database in a fresh directory (SQLite, or PostgreSQL under
// PBEM_TEST_POSTGRES: test_database.h) with the default configuration and a MailService on
// it: what the pipeline tests start from.
#pragma once

#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "server/pipeline/mail_service.h"
#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "server/storage/outbox.h"
#include "server/support/config.h"
#include "temp_dir.h"
#include "test_database.h"

namespace pbem::test {

struct ServiceFixture {
  TempDir dir;
  std::filesystem::path location = test_database(dir.path());
  server::Database db{location};
  server::Config config = with_database(server::default_config(dir.path()), location);
  server::MailService service{db, config};
  int delivered = 0;  // numbers the Message-IDs of deliver()

  ServiceFixture() { server::migrate(db); }

  static server::Config with_database(server::Config config, const std::filesystem::path& location) {
    config.database = location;
    return config;
  }

  // Receives one plain mail and carries it out at once, as `pbem ingest` does.
  void deliver(const std::string& from, const std::string& subject, const std::string& body = "hello\r\n");
  // The last confirmation code queued for `userid`.
  std::string code_for(const std::string& userid);
  // Signs `userid` up (password "pw-<userid>") from `address` and confirms the address;
  // with `challenges` (auto by default: a challenge to them starts the game at once, as
  // the tests written before invitations expect) set so, "" keeps the default, ask.
  void member(const std::string& userid, const std::string& address, const std::string& challenges = "auto") {
    deliver(address, "signup " + userid + " pw-" + userid);
    deliver(address, "confirm " + userid + " " + code_for(userid));
    if (!challenges.empty()) deliver(address, "set " + userid + " pw-" + userid + " challenges " + challenges);
  }

  // The statements `run` makes on the fixture's database, in order (what a page or a
  // listing costs: tests/server/page_cost_test.cpp, leagues_test.cpp).
  template <typename Run>
  std::vector<std::string> statements_of(Run run) {
    std::vector<std::string> made;
    db.set_statement_hook([&](std::string_view sql) { made.emplace_back(sql); });
    run();
    db.set_statement_hook(nullptr);
    return made;
  }
};

// alice and bob, members who take challenges at once: where a test of one game starts.
struct TwoPlayers : ServiceFixture {
  TwoPlayers() {
    member("alice", "alice@example.org");
    member("bob", "bob@example.net");
  }
};

// A minimal plain message from `from` with `subject`; `id` makes its Message-ID unique.
inline std::string plain_mail(const std::string& from, const std::string& subject, const std::string& id,
                              const std::string& body = "hello\r\n") {
  return "From: " + from + "\r\nTo: pbem@localhost\r\nSubject: " + subject + "\r\nMessage-ID: <" + id +
         "@example.org>\r\n\r\n" + body;
}

inline void ServiceFixture::deliver(const std::string& from, const std::string& subject, const std::string& body) {
  const std::string id = "fixture-" + std::to_string(++delivered);
  service.process(service.receive(plain_mail(from, subject, id, body), std::nullopt).inbox_id);
}

inline std::string ServiceFixture::code_for(const std::string& userid) {
  const std::regex line("confirm " + userid + " ([a-z0-9]+)");
  std::string last;
  for (const server::QueuedMail& queued : server::Outbox(db).queued())
    for (std::sregex_iterator it(queued.data.begin(), queued.data.end(), line), end; it != end; ++it)
      last = (*it)[1];
  return last;
}

}  // namespace pbem::test
