// The JSON configuration: where it is found, defaults, path resolution and refusals.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/source_paths.h"
#include "server/support/config.h"
#include "temp_dir.h"

using pbem::server::Config;
using pbem::server::ConfigError;
using pbem::server::ListenAddress;
using pbem::test::ScopedEnvironment;
using pbem::test::ScopedWorkingDirectory;
using pbem::test::TempDir;
using pbem::test::write_file;

namespace {

const std::filesystem::path repository_config =
    std::filesystem::path(pbem::tests::source_dir()) / "config" / "pbem.json";

Config parse(const std::string& text, const std::filesystem::path& base = "/etc/pbem") {
  return pbem::server::parse_config(text, base, "test.json");
}

// Every dotted key of a JSON object: {"a": {"b": 1}} -> "a.b".
void collect_keys(const nlohmann::json& object, const std::string& prefix,
                  std::vector<std::string>& keys) {
  for (const auto& [key, value] : object.items()) {
    if (value.is_object()) {
      collect_keys(value, prefix + key + ".", keys);
    } else {
      keys.push_back(prefix + key);
    }
  }
}

}  // namespace

TEST_CASE("without a configuration file every key takes its default", "[config]") {
  TempDir dir;
  ScopedWorkingDirectory cwd(dir.path());
  ScopedEnvironment no_variable("PBEM_CONFIG", std::nullopt);

  const Config config = pbem::server::load_config(std::nullopt);
  const auto base = std::filesystem::canonical(dir.path());
  CHECK(config.source.empty());
  CHECK(config.base_directory == base);
  CHECK(config.database == base / "pbem.sqlite");
  CHECK(config.server.address == "pbem@localhost");
  CHECK(config.server.aliases.empty());
  CHECK(config.server.name == "PBeM Server");
  CHECK(config.smtp.listen == ListenAddress{"127.0.0.1", 2525});
  CHECK(config.smtp.max_message_bytes == 1048576);
  CHECK(config.smtp.max_recipients == 20);
  CHECK(config.smtp.max_connections == 100);
  CHECK(config.smtp.command_timeout_seconds == std::chrono::seconds(300));
  CHECK(config.smtp.data_timeout_seconds == std::chrono::seconds(600));
  CHECK(config.smtp.data_total_timeout_seconds == std::chrono::seconds(600));
  CHECK(config.smtp.max_connections_per_ip == 10);
  CHECK(config.smtp.max_errors == 10);
  CHECK(config.smtp.max_session_seconds == std::chrono::seconds(1800));
  CHECK(config.smtp.tls_certificate.empty());
  CHECK(config.smtp.tls_private_key.empty());
  CHECK(config.smarthost.host == "127.0.0.1");
  CHECK(config.smarthost.port == 25);
  CHECK_FALSE(config.smarthost.starttls);
  CHECK_FALSE(config.smarthost.username);
  CHECK_FALSE(config.smarthost.password);
  CHECK_FALSE(config.smarthost.verify_certificate.has_value());  // "auto"
  CHECK_FALSE(config.smarthost.allow_plaintext_auth);
  CHECK(config.outbox.max_attempts == 10);
  CHECK(config.outbox.initial_retry_seconds == std::chrono::seconds(60));
  CHECK(config.outbox.max_retry_seconds == std::chrono::seconds(3600));
  CHECK(config.outbox.keep_sent_days == 7);
  CHECK(config.outbox.keep_days == 90);
  CHECK(config.inbox.keep_days == 30);
  CHECK(config.limits.replies_per_hour == 100);
  CHECK(config.limits.failed_passwords_per_hour == 10);
  CHECK(config.limits.confirmation_valid_days == 7);
  CHECK(config.limits.confirmations_per_address_per_day == 3);
  CHECK(config.limits.message_recipients == 10);
  CHECK(config.limits.relayed_per_user_per_hour == 30);
  CHECK(config.limits.relayed_per_recipient_per_hour == 20);
  CHECK(config.limits.confirmations_per_hour == 60);
  CHECK(config.limits.active_games_per_user == 100);
  CHECK(config.limits.pending_invitations == 10);
  CHECK(config.invitations.lapse_days == 7);
  CHECK(config.clock.days_per_move == 14);
  CHECK(config.clock.remind_before_hours == 48);
  CHECK(config.clock.vacation_days_per_year == 30);
  CHECK(config.bot.userid == "bot");
  CHECK(config.bot.playouts == 2000);
  CHECK(config.bot.games_per_user == 5);
  CHECK(config.mail.authserv_id.empty());
  CHECK(config == pbem::server::default_config(dir.path()));
}

TEST_CASE("config/pbem.json in the repository lists every key at its default", "[config]") {
  TempDir dir;
  Config from_file = pbem::server::load_config(repository_config);
  const Config defaults = pbem::server::default_config(repository_config.parent_path());
  CHECK(from_file.source == repository_config.lexically_normal());
  from_file.source.clear();
  // All but one: the shipped file turns the web window on, on loopback (spec "The web
  // window"); off is the default.
  CHECK(!defaults.web.listen);
  CHECK(from_file.web.listen == pbem::server::ListenAddress{"127.0.0.1", 8080});
  from_file.web.listen.reset();
  CHECK(from_file == defaults);

  // Every key in the file is documented in config/README.md.
  std::vector<std::string> keys;
  collect_keys(nlohmann::json::parse(pbem::test::read_file(repository_config)), "", keys);
  CHECK(keys.size() == 56);
  const std::string readme =
      pbem::test::read_file(repository_config.parent_path() / "README.md");
  for (const auto& key : keys) {
    INFO(key);
    CHECK(readme.find("`" + key + "`") != std::string::npos);
  }
}

TEST_CASE("config/pbem.json in the working directory is read by default", "[config]") {
  TempDir dir;
  write_file(dir / "config/pbem.json", R"({"server": {"name": "Found By Default"}})");
  ScopedWorkingDirectory cwd(dir.path());
  ScopedEnvironment no_variable("PBEM_CONFIG", std::nullopt);

  const Config config = pbem::server::load_config(std::nullopt);
  CHECK(config.server.name == "Found By Default");
  CHECK(config.database == std::filesystem::canonical(dir.path()) / "config/pbem.sqlite");
}

TEST_CASE("an explicit file wins over $PBEM_CONFIG, which wins over the default", "[config]") {
  TempDir dir;
  write_file(dir / "explicit/pbem.json", R"({"server": {"name": "Explicit"}})");
  write_file(dir / "environment/pbem.json", R"({"server": {"name": "Environment"}})");
  write_file(dir / "config/pbem.json", R"({"server": {"name": "Default"}})");
  ScopedWorkingDirectory cwd(dir.path());
  ScopedEnvironment variable("PBEM_CONFIG", (dir / "environment/pbem.json").string());

  CHECK(pbem::server::load_config(dir / "explicit/pbem.json").server.name == "Explicit");
  const Config from_environment = pbem::server::load_config(std::nullopt);
  CHECK(from_environment.server.name == "Environment");
  CHECK(from_environment.database == dir / "environment/pbem.sqlite");
  CHECK(from_environment.source == dir / "environment/pbem.json");

  ScopedEnvironment empty_variable("PBEM_CONFIG", "");
  CHECK(pbem::server::load_config(std::nullopt).server.name == "Default");
}

TEST_CASE("a named configuration file that does not exist is an error", "[config]") {
  TempDir dir;
  ScopedWorkingDirectory cwd(dir.path());
  const auto missing = dir / "missing.json";
  CHECK_THROWS_WITH(pbem::server::load_config(missing),
                    Catch::Contains(missing.string()) && Catch::Contains("not found"));

  ScopedEnvironment variable("PBEM_CONFIG", missing.string());
  CHECK_THROWS_WITH(pbem::server::load_config(std::nullopt),
                    Catch::Contains("PBEM_CONFIG") && Catch::Contains(missing.string()));
}

TEST_CASE("relative paths resolve against the configuration file's directory", "[config]") {
  TempDir dir;
  write_file(dir / "etc/pbem.json", R"({
    "database": "../var/games.sqlite",
    "smtp": {"tls_certificate": "tls/cert.pem", "tls_private_key": "/keys/key.pem"}
  })");
  TempDir elsewhere;
  ScopedWorkingDirectory cwd(elsewhere.path());  // the working directory does not matter

  const Config config = pbem::server::load_config(std::filesystem::path("../") /
                                                  dir.path().filename() / "etc/pbem.json");
  CHECK(config.base_directory == dir / "etc");
  CHECK(config.database == dir / "var/games.sqlite");
  CHECK(config.smtp.tls_certificate == dir / "etc/tls/cert.pem");
  CHECK(config.smtp.tls_private_key == "/keys/key.pem");

  CHECK(parse(R"({"database": "/srv/pbem.sqlite"})").database == "/srv/pbem.sqlite");
  CHECK(parse(R"({"database": "sub/x.sqlite"})", "/etc/pbem").database ==
        "/etc/pbem/sub/x.sqlite");
}

TEST_CASE("every key can be set", "[config]") {
  const Config config = parse(R"({
    "server": {"address": "games@example.org", "aliases": ["pbem@example.org", "old@example.net"],
               "name": "Hex Games"},
    "database": "db.sqlite",
    "smtp": {"listen": "[::1]:25", "max_message_bytes": 2048, "max_recipients": 5,
             "max_connections": 7, "command_timeout_seconds": 30, "data_timeout_seconds": 60,
             "data_total_timeout_seconds": 90, "max_connections_per_ip": 3, "max_errors": 4,
             "max_session_seconds": 120, "tls_certificate": "c.pem", "tls_private_key": "k.pem"},
    "smarthost": {"host": "mail.example.org", "port": 587, "starttls": true,
                  "username": "robot", "password": "s3cret", "verify_certificate": true,
                  "allow_plaintext_auth": true},
    "outbox": {"max_attempts": 3, "initial_retry_seconds": 0, "max_retry_seconds": 10,
               "keep_sent_days": 2},
    "limits": {"replies_per_hour": 5, "failed_passwords_per_hour": 3, "confirmation_valid_days": 2,
               "confirmations_per_address_per_day": 1, "message_recipients": 4,
               "relayed_per_user_per_hour": 6, "relayed_per_recipient_per_hour": 7,
               "confirmations_per_hour": 8, "active_games_per_user": 9},
    "bot": {"userid": "hal-9000", "playouts": 50, "games_per_user": 2},
    "mail": {"authserv_id": "mx.Games-1.example_org"}
  })");
  CHECK(config.server.address == "games@example.org");
  CHECK(config.server.aliases == std::vector<std::string>{"pbem@example.org", "old@example.net"});
  CHECK(config.server.name == "Hex Games");
  CHECK(config.database == "/etc/pbem/db.sqlite");
  CHECK(config.smtp.listen == ListenAddress{"::1", 25});
  CHECK(config.smtp.max_message_bytes == 2048);
  CHECK(config.smtp.max_recipients == 5);
  CHECK(config.smtp.max_connections == 7);
  CHECK(config.smtp.command_timeout_seconds == std::chrono::seconds(30));
  CHECK(config.smtp.data_timeout_seconds == std::chrono::seconds(60));
  CHECK(config.smtp.data_total_timeout_seconds == std::chrono::seconds(90));
  CHECK(config.smtp.max_connections_per_ip == 3);
  CHECK(config.smtp.max_errors == 4);
  CHECK(config.smtp.max_session_seconds == std::chrono::seconds(120));
  CHECK(config.smtp.tls_certificate == "/etc/pbem/c.pem");
  CHECK(config.smtp.tls_private_key == "/etc/pbem/k.pem");
  CHECK(config.smarthost.host == "mail.example.org");
  CHECK(config.smarthost.port == 587);
  CHECK(config.smarthost.starttls);
  CHECK(config.smarthost.username == std::optional<std::string>("robot"));
  CHECK(config.smarthost.password == std::optional<std::string>("s3cret"));
  CHECK(config.smarthost.verify_certificate == std::optional<bool>(true));
  CHECK(config.smarthost.allow_plaintext_auth);
  CHECK(config.outbox.max_attempts == 3);
  CHECK(config.outbox.initial_retry_seconds == std::chrono::seconds(0));
  CHECK(config.outbox.max_retry_seconds == std::chrono::seconds(10));
  CHECK(config.outbox.keep_sent_days == 2);
  CHECK(config.limits.replies_per_hour == 5);
  CHECK(config.limits.failed_passwords_per_hour == 3);
  CHECK(config.limits.confirmation_valid_days == 2);
  CHECK(config.limits.confirmations_per_address_per_day == 1);
  CHECK(config.limits.message_recipients == 4);
  CHECK(config.limits.relayed_per_user_per_hour == 6);
  CHECK(config.limits.relayed_per_recipient_per_hour == 7);
  CHECK(config.limits.confirmations_per_hour == 8);
  CHECK(config.limits.active_games_per_user == 9);
  CHECK(config.bot.userid == "hal-9000");
  CHECK(config.bot.playouts == 50);
  CHECK(config.bot.games_per_user == 2);
  CHECK(config.mail.authserv_id == "mx.Games-1.example_org");
}

TEST_CASE("the SMTP listen address is host:port", "[config]") {
  const auto listen = [](const std::string& value) {
    return parse(R"({"smtp": {"listen": ")" + value + R"("}})").smtp.listen;
  };
  CHECK(listen("0.0.0.0:25") == ListenAddress{"0.0.0.0", 25});
  CHECK(listen("localhost:65535") == ListenAddress{"localhost", 65535});
  CHECK(listen("[2001:db8::1]:2525") == ListenAddress{"2001:db8::1", 2525});
  for (const char* bad : {"127.0.0.1", "127.0.0.1:", ":25", "127.0.0.1:0", "127.0.0.1:65536",
                          "127.0.0.1:25x", "::1:25", "[::1]25", "[::1:25", "[]:25"}) {
    INFO(bad);
    CHECK_THROWS_WITH(listen(bad), Catch::Contains("smtp.listen") && Catch::Contains(bad));
  }
}

TEST_CASE("unknown keys are refused, naming the key", "[config]") {
  CHECK_THROWS_WITH(parse(R"({"databse": "x.sqlite"})"),
                    Catch::Contains("test.json") && Catch::Contains("unknown key 'databse'"));
  CHECK_THROWS_WITH(parse(R"({"smtp": {"listne": "127.0.0.1:25"}})"),
                    Catch::Contains("unknown key 'smtp.listne'") && Catch::Contains("listen"));
  CHECK_THROWS_WITH(parse(R"({"smarthost": {"user": "x"}})"),
                    Catch::Contains("unknown key 'smarthost.user'"));
}

TEST_CASE("values of the wrong type or out of range are refused", "[config]") {
  struct Case {
    const char* json;
    const char* key;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {R"({"database": 5})", "'database'", "a string"},
      {R"({"server": "pbem@localhost"})", "'server'", "an object"},
      {R"({"server": {"aliases": "a@b"}})", "'server.aliases'", "a list of strings"},
      {R"({"server": {"aliases": ["a@b", 3]}})", "'server.aliases'", "a list of strings"},
      {R"({"server": {"address": "no-at-sign"}})", "'server.address'", "mail address"},
      {R"({"server": {"name": ""}})", "'server.name'", "non-empty"},
      {R"({"smtp": {"max_message_bytes": "1MB"}})", "'smtp.max_message_bytes'", "an integer"},
      {R"({"smtp": {"max_recipients": 2.5}})", "'smtp.max_recipients'", "an integer"},
      {R"({"smtp": {"max_connections": 0}})", "'smtp.max_connections'", "from 1 to 100000"},
      {R"({"smtp": {"command_timeout_seconds": -1}})", "'smtp.command_timeout_seconds'",
       "an integer"},
      {R"({"smtp": {"max_message_bytes": 18446744073709551615}})", "'smtp.max_message_bytes'",
       "an integer"},
      {R"({"smtp": {"listen": 2525}})", "'smtp.listen'", "a string"},
      {R"({"smtp": {"tls_certificate": "c.pem"}})", "'smtp.tls_private_key'", "must be set too"},
      {R"({"smarthost": {"port": "25"}})", "'smarthost.port'", "an integer"},
      {R"({"smarthost": {"port": 70000}})", "'smarthost.port'", "from 1 to 65535"},
      {R"({"smarthost": {"starttls": "yes"}})", "'smarthost.starttls'", "true or false"},
      {R"({"smarthost": {"username": 1}})", "'smarthost.username'", "a string or null"},
      {R"({"smarthost": {"username": "u"}})", "'smarthost.password'", "must be set too"},
      {R"({"smarthost": {"verify_certificate": "yes"}})", "'smarthost.verify_certificate'",
       "true, false or \"auto\""},
      {R"({"smarthost": {"allow_plaintext_auth": 1}})", "'smarthost.allow_plaintext_auth'",
       "true or false"},
      {R"({"smtp": {"max_errors": 0}})", "'smtp.max_errors'", "from 1 to 10000"},
      {R"({"smtp": {"max_connections_per_ip": 0}})", "'smtp.max_connections_per_ip'",
       "from 1 to 100000"},
      {R"({"outbox": {"max_retry_seconds": 10}})", "'outbox.max_retry_seconds'",
       "not be less than"},
      {R"({"limits": {"replies_per_hour": null}})", "'limits.replies_per_hour'", "an integer"},
      {R"({"limits": {"message_recipients": 0}})", "'limits.message_recipients'", "from 1 to 1000"},
      {R"({"bot": {"userid": "Robot!"}})", "'bot.userid'", "2 to 16 characters of a-z"},
      {R"({"bot": {"playouts": 0}})", "'bot.playouts'", "from 1 to 100000"},
      {R"({"mail": {"authserv_id": 1}})", "'mail.authserv_id'", "a string"},
      {R"({"mail": {"authserv_id": "mx.example.org; dmarc=pass"}})", "'mail.authserv_id'", "a host name"},
      {R"({"mail": {"authserv_id": "mx example"}})", "'mail.authserv_id'", "a host name"},
  };
  for (const auto& c : cases) {
    INFO(c.json);
    CHECK_THROWS_AS(parse(c.json), ConfigError);
    CHECK_THROWS_WITH(parse(c.json), Catch::Contains("test.json") && Catch::Contains(c.key) &&
                                         Catch::Contains(c.expected));
  }
}

TEST_CASE("malformed JSON and repeated keys are refused, naming the file", "[config]") {
  TempDir dir;
  write_file(dir / "broken.json", "{\n  \"database\": \"x.sqlite\",\n}\n");
  CHECK_THROWS_WITH(pbem::server::load_config(dir / "broken.json"),
                    Catch::Contains((dir / "broken.json").string()) &&
                        Catch::Contains("not valid JSON") && Catch::Contains("line 3"));
  CHECK_THROWS_WITH(parse("[1, 2]"), Catch::Contains("must be a JSON object"));
  CHECK_THROWS_WITH(parse(""), Catch::Contains("not valid JSON"));
  CHECK_THROWS_WITH(parse(R"({"smtp": {"max_recipients": 5}, "smtp": {"listen": "h:1"}})"),
                    Catch::Contains("'smtp' appears twice"));
  CHECK_THROWS_WITH(parse(R"({"smtp": {"max_recipients": 5, "max_recipients": 6}})"),
                    Catch::Contains("'smtp.max_recipients' appears twice"));
  CHECK_THROWS_WITH(pbem::server::load_config(dir.path()), Catch::Contains("cannot read"));
}

TEST_CASE("the clock's settings are read and checked", "[config][clock]") {
  const Config config =
      parse(R"({"clock": {"days_per_move": 0, "remind_before_hours": 12, "vacation_days_per_year": 5}})");
  CHECK(config.clock.days_per_move == 0);
  CHECK(config.clock.remind_before_hours == 12);
  CHECK(config.clock.vacation_days_per_year == 5);
  CHECK_THROWS_WITH(parse(R"({"clock": {"days_per_move": 61}})"), Catch::Contains("clock.days_per_move"));
  CHECK_THROWS_WITH(parse(R"({"clock": {"days": 3}})"), Catch::Contains("clock.days"));
}

TEST_CASE("the retention windows are read and checked", "[config][retention]") {
  const Config config = parse(R"({"inbox": {"keep_days": 10}, "outbox": {"keep_sent_days": 3, "keep_days": 4}})");
  CHECK(config.inbox.keep_days == 10);
  CHECK(config.outbox.keep_sent_days == 3);
  CHECK(config.outbox.keep_days == 4);
  // Not given, outbox.keep_days is 90, or keep_sent_days when that is longer.
  CHECK(parse(R"({"outbox": {"keep_sent_days": 100}})").outbox.keep_days == 100);
  CHECK(parse(R"({"outbox": {"keep_sent_days": 10}})").outbox.keep_days == 90);
  CHECK_THROWS_WITH(parse(R"({"inbox": {"keep_days": 6}})"),
                    Catch::Contains("'inbox.keep_days'") && Catch::Contains("from 7 to 3650"));
  CHECK_THROWS_WITH(parse(R"({"outbox": {"keep_days": 0}})"),
                    Catch::Contains("'outbox.keep_days'") && Catch::Contains("from 1 to 3650"));
  CHECK_THROWS_WITH(parse(R"({"outbox": {"keep_sent_days": 10, "keep_days": 9}})"),
                    Catch::Contains("'outbox.keep_days'") && Catch::Contains("not be less than outbox.keep_sent_days"));
  CHECK_THROWS_WITH(parse(R"({"inbox": {"keep_sent_days": 6}})"), Catch::Contains("inbox.keep_sent_days"));
}

TEST_CASE("metrics.listen is off by default, host:port, and never the web window's or SMTP's address",
          "[config][metrics]") {
  CHECK_FALSE(parse("{}").metrics.listen);
  CHECK_FALSE(parse(R"({"metrics": {"listen": ""}})").metrics.listen);
  CHECK(parse(R"({"metrics": {"listen": "10.0.0.5:9464"}})").metrics.listen ==
        pbem::server::ListenAddress{"10.0.0.5", 9464});
  CHECK(parse(R"({"metrics": {"listen": "[::1]:9464"}, "web": {"listen": "[::1]:8080"}})").metrics.listen ==
        pbem::server::ListenAddress{"::1", 9464});
  CHECK_THROWS_WITH(parse(R"({"metrics": {"listen": "9464"}})"),
                    Catch::Contains("'metrics.listen'") && Catch::Contains("host:port"));
  CHECK_THROWS_WITH(parse(R"({"metrics": {"listen": "127.0.0.1:8080"}, "web": {"listen": "127.0.0.1:8080"}})"),
                    Catch::Contains("'metrics.listen'") && Catch::Contains("must not be web.listen's address"));
  CHECK_THROWS_WITH(parse(R"({"metrics": {"listen": "127.0.0.1:2525"}})"),
                    Catch::Contains("'metrics.listen'") && Catch::Contains("smtp.listen"));
  CHECK_THROWS_WITH(parse(R"({"metrics": {"port": 9464}})"), Catch::Contains("metrics.port"));
}
