#include "server/support/config.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

namespace pbem::server {

namespace {

using nlohmann::json;

constexpr std::string_view default_location = "config/pbem.json";
constexpr std::int64_t one_week = 7 * 24 * 3600;
constexpr std::int64_t one_day = 24 * 3600;

std::filesystem::path resolve(const std::filesystem::path& base, const std::filesystem::path& path) {
  return (path.is_absolute() ? path : base / path).lexically_normal();
}

// Walks one JSON object of the configuration, reading known keys and refusing the rest.
// `prefix` is the dotted path of the object ("" at the top, "smtp." inside smtp).
class Section {
 public:
  Section(const json& object, std::string prefix, const std::string& origin,
          std::initializer_list<std::string_view> known_keys)
      : object_(object), prefix_(std::move(prefix)), origin_(origin) {
    if (!object_.is_object()) {
      fail(prefix_.empty() ? "the configuration must be a JSON object"
                           : "key '" + prefix_.substr(0, prefix_.size() - 1) +
                                 "' must be an object, got " + describe(object_));
    }
    for (const auto& [key, value] : object_.items()) {
      if (std::find(known_keys.begin(), known_keys.end(), key) == known_keys.end()) {
        std::string known;
        for (auto name : known_keys) known += (known.empty() ? "" : ", ") + std::string(name);
        fail("unknown key '" + prefix_ + key + "' (known keys here: " + known + ")");
      }
    }
  }

  const json* find(std::string_view key) const {
    const auto found = object_.find(key);
    return found == object_.end() ? nullptr : &*found;
  }

  std::optional<Section> section(std::string_view key,
                                 std::initializer_list<std::string_view> known_keys) const {
    const json* value = find(key);
    if (!value) return std::nullopt;
    return Section(*value, prefix_ + std::string(key) + ".", origin_, known_keys);
  }

  void read(std::string_view key, std::string& out) const {
    if (const json* value = find(key)) {
      if (!value->is_string()) type_error(key, "a string", *value);
      out = value->get<std::string>();
    }
  }

  void read(std::string_view key, bool& out) const {
    if (const json* value = find(key)) {
      if (!value->is_boolean()) type_error(key, "true or false", *value);
      out = value->get<bool>();
    }
  }

  // A string, or null meaning "not set".
  void read(std::string_view key, std::optional<std::string>& out) const {
    if (const json* value = find(key)) {
      if (value->is_null()) {
        out.reset();
      } else if (value->is_string()) {
        out = value->get<std::string>();
      } else {
        type_error(key, "a string or null", *value);
      }
    }
  }

  void read(std::string_view key, std::vector<std::string>& out) const {
    if (const json* value = find(key)) {
      if (!value->is_array()) type_error(key, "a list of strings", *value);
      std::vector<std::string> strings;
      for (const auto& element : *value) {
        if (!element.is_string()) type_error(key, "a list of strings", *value);
        strings.push_back(element.get<std::string>());
      }
      out = std::move(strings);
    }
  }

  // An integer within [min, max]; returns nullopt when the key is absent.
  std::optional<std::int64_t> integer(std::string_view key, std::int64_t min,
                                      std::int64_t max) const {
    const json* value = find(key);
    if (!value) return std::nullopt;
    const std::string expected =
        "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!value->is_number_integer()) type_error(key, expected, *value);
    if (value->is_number_unsigned() &&
        value->get<std::uint64_t>() > static_cast<std::uint64_t>(max)) {
      type_error(key, expected, *value);
    }
    const auto number = value->get<std::int64_t>();
    if (number < min || number > max) type_error(key, expected, *value);
    return number;
  }

  template <typename T>
  void read(std::string_view key, T& out, std::int64_t min, std::int64_t max) const {
    if (auto number = integer(key, min, max)) out = static_cast<T>(*number);
  }

  void read(std::string_view key, std::chrono::seconds& out, std::int64_t min,
            std::int64_t max) const {
    if (auto number = integer(key, min, max)) out = std::chrono::seconds(*number);
  }

  [[noreturn]] void fail(const std::string& message) const {
    throw ConfigError(origin_ + ": " + message);
  }

  [[noreturn]] void invalid(std::string_view key, const std::string& why) const {
    fail("key '" + name(key) + "' " + why);
  }

  std::string name(std::string_view key) const { return prefix_ + std::string(key); }

 private:
  static std::string describe(const json& value) {
    std::string text = value.dump();
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    return std::string(value.type_name()) + " " + text;
  }

  [[noreturn]] void type_error(std::string_view key, const std::string& expected,
                               const json& value) const {
    invalid(key, "must be " + expected + ", got " + describe(value));
  }

  const json& object_;
  std::string prefix_;
  const std::string& origin_;
};

bool has_control_characters(std::string_view text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) return true;
  }
  return false;
}

// A bare addr-spec as mail headers and SMTP need it: local@domain, nothing around it.
bool plausible_address(std::string_view address) {
  const auto at = address.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == address.size()) return false;
  if (has_control_characters(address)) return false;
  return address.find_first_of(" <>,;\"()[]\\") == std::string_view::npos;
}

void check_address(const Section& section, std::string_view key, std::string_view address) {
  if (!plausible_address(address)) {
    section.invalid(key, "must be a mail address like pbem@example.org, got \"" +
                             std::string(address) + "\"");
  }
}

ListenAddress parse_listen(const Section& section, std::string_view key, std::string_view text) {
  const auto bad = [&](const std::string& why) -> ListenAddress {
    section.invalid(key, "must be host:port, e.g. 127.0.0.1:2525 or [::1]:2525 (" + why +
                             "), got \"" + std::string(text) + "\"");
  };
  ListenAddress listen;
  std::string_view port;
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return bad("no closing ]");
    listen.host = std::string(text.substr(1, close - 1));
    if (text.substr(close + 1, 1) != ":") return bad("no :port after ]");
    port = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return bad("no :port");
    listen.host = std::string(text.substr(0, colon));
    if (listen.host.find(':') != std::string::npos) return bad("write IPv6 hosts in brackets");
    port = text.substr(colon + 1);
  }
  if (listen.host.empty()) return bad("empty host");
  if (has_control_characters(listen.host) || listen.host.find(' ') != std::string::npos) {
    return bad("blank or control character in host");
  }
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string_view::npos) {
    return bad("port must be a number");
  }
  const int number = std::stoi(std::string(port));
  if (number < 1 || number > 65535) return bad("port must be 1 to 65535");
  listen.port = static_cast<std::uint16_t>(number);
  return listen;
}

// nlohmann/json keeps only the last of duplicate keys; a duplicated section would silently
// drop settings, so the parser reports the first duplicate instead.
json parse_json(std::string_view text, const std::string& origin) {
  struct Level {
    std::set<std::string> keys;
    std::string current;
  };
  std::vector<Level> levels;
  std::string duplicate;
  const json::parser_callback_t watch = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      levels.emplace_back();
    } else if (event == json::parse_event_t::object_end && !levels.empty()) {
      levels.pop_back();
    } else if (event == json::parse_event_t::key && !levels.empty()) {
      auto key = parsed.get<std::string>();
      if (!levels.back().keys.insert(key).second && duplicate.empty()) {
        for (std::size_t i = 0; i + 1 < levels.size(); ++i) duplicate += levels[i].current + ".";
        duplicate += key;
      }
      levels.back().current = std::move(key);
    }
    return true;
  };
  json document;
  try {
    document = json::parse(text.begin(), text.end(), watch);
  } catch (const json::parse_error& error) {
    std::string message = error.what();
    if (auto bracket = message.find("] "); message.starts_with("[json") && bracket != std::string::npos) {
      message.erase(0, bracket + 2);
    }
    throw ConfigError(origin + ": not valid JSON: " + message);
  }
  if (!duplicate.empty()) throw ConfigError(origin + ": key '" + duplicate + "' appears twice");
  return document;
}

void read_server(const Section& top, ServerConfig& server) {
  auto section = top.section("server", {"address", "aliases", "name", "operator"});
  if (!section) return;
  section->read("address", server.address);
  check_address(*section, "address", server.address);
  section->read("aliases", server.aliases);
  for (const auto& alias : server.aliases) check_address(*section, "aliases", alias);
  section->read("name", server.name);
  section->read("operator", server.operator_address);
  if (!server.operator_address.empty()) check_address(*section, "operator", server.operator_address);
  if (server.name.empty() || has_control_characters(server.name)) {
    section->invalid("name", "must be a non-empty line of text");
  }
}

void read_smtp(const Section& top, const std::filesystem::path& base, SmtpConfig& smtp) {
  auto section = top.section(
      "smtp", {"listen", "max_message_bytes", "max_recipients", "max_connections",
               "command_timeout_seconds", "data_timeout_seconds", "data_total_timeout_seconds",
               "max_connections_per_ip", "max_errors", "max_session_seconds", "tls_certificate",
               "tls_private_key"});
  if (!section) return;
  std::string listen;
  section->read("listen", listen);
  if (section->find("listen")) smtp.listen = parse_listen(*section, "listen", listen);
  section->read("max_message_bytes", smtp.max_message_bytes, 1024, 1024 * 1024 * 1024);
  section->read("max_recipients", smtp.max_recipients, 1, 10000);
  section->read("max_connections", smtp.max_connections, 1, 100000);
  section->read("command_timeout_seconds", smtp.command_timeout_seconds, 1, one_day);
  section->read("data_timeout_seconds", smtp.data_timeout_seconds, 1, one_day);
  section->read("data_total_timeout_seconds", smtp.data_total_timeout_seconds, 1, one_day);
  section->read("max_connections_per_ip", smtp.max_connections_per_ip, 1, 100000);
  section->read("max_errors", smtp.max_errors, 1, 10000);
  section->read("max_session_seconds", smtp.max_session_seconds, 1, one_day);
  std::string certificate;
  std::string key;
  section->read("tls_certificate", certificate);
  section->read("tls_private_key", key);
  if (certificate.empty() != key.empty()) {
    section->invalid(certificate.empty() ? "tls_certificate" : "tls_private_key",
                     "must be set too: STARTTLS needs both tls_certificate and tls_private_key");
  }
  smtp.tls_certificate = certificate.empty() ? std::filesystem::path() : resolve(base, certificate);
  smtp.tls_private_key = key.empty() ? std::filesystem::path() : resolve(base, key);
}

void read_smarthost(const Section& top, SmarthostConfig& smarthost) {
  auto section = top.section("smarthost", {"host", "port", "starttls", "username", "password",
                                           "verify_certificate", "allow_plaintext_auth"});
  if (!section) return;
  section->read("host", smarthost.host);
  if (smarthost.host.empty() || has_control_characters(smarthost.host)) {
    section->invalid("host", "must be a host name or address");
  }
  section->read("port", smarthost.port, 1, 65535);
  section->read("starttls", smarthost.starttls);
  section->read("username", smarthost.username);
  section->read("password", smarthost.password);
  if (smarthost.username.has_value() != smarthost.password.has_value()) {
    section->invalid(smarthost.username ? "password" : "username",
                     "must be set too: AUTH needs both username and password");
  }
  if (const auto* verify = section->find("verify_certificate")) {
    if (verify->is_boolean()) {
      smarthost.verify_certificate = verify->get<bool>();
    } else if (verify->is_string() && verify->get<std::string>() == "auto") {
      smarthost.verify_certificate.reset();
    } else {
      section->invalid("verify_certificate", "must be true, false or \"auto\"");
    }
  }
  section->read("allow_plaintext_auth", smarthost.allow_plaintext_auth);
}

void read_inbox(const Section& top, InboxConfig& inbox) {
  auto section = top.section("inbox", {"keep_days"});
  if (!section) return;
  // At least a week: a mail system that got no answer retries for days (Postfix's
  // maximal_queue_lifetime is 5 days), and such a redelivery must still be recognised.
  section->read("keep_days", inbox.keep_days, 7, 3650);
}

void read_outbox(const Section& top, OutboxConfig& outbox) {
  auto section = top.section("outbox", {"max_attempts", "initial_retry_seconds",
                                        "max_retry_seconds", "claim_seconds", "keep_sent_days", "keep_days"});
  if (!section) return;
  section->read("max_attempts", outbox.max_attempts, 1, 1000);
  section->read("initial_retry_seconds", outbox.initial_retry_seconds, 0, one_week);
  section->read("max_retry_seconds", outbox.max_retry_seconds, 0, one_week);
  section->read("claim_seconds", outbox.claim_seconds, 1, one_week);
  section->read("keep_sent_days", outbox.keep_sent_days, 0, 3650);
  // At least a day: the per-address limits count the mail of the last 24 hours. Not
  // given, it is never less than keep_sent_days (a row's text goes with the row), so a
  // longer keep_sent_days from before it existed keeps its meaning.
  if (const auto days = section->integer("keep_days", 1, 3650)) {
    outbox.keep_days = static_cast<int>(*days);
    if (outbox.keep_days < outbox.keep_sent_days)
      section->invalid("keep_days", "must not be less than outbox.keep_sent_days (" +
                                        std::to_string(outbox.keep_sent_days) + "): the text goes with the row");
  } else {
    outbox.keep_days = std::max(outbox.keep_days, outbox.keep_sent_days);
  }
  if (outbox.max_retry_seconds < outbox.initial_retry_seconds) {
    section->invalid("max_retry_seconds", "must not be less than outbox.initial_retry_seconds (" +
                                              std::to_string(outbox.initial_retry_seconds.count()) +
                                              ")");
  }
}

void read_limits(const Section& top, LimitsConfig& limits) {
  auto section = top.section("limits", {"replies_per_hour", "failed_passwords_per_hour",
                                        "confirmation_valid_days",
                                        "confirmations_per_address_per_day", "message_recipients",
                                        "relayed_per_user_per_hour", "relayed_per_recipient_per_hour",
                                        "confirmations_per_hour", "active_games_per_user",
                                        "pending_invitations", "announcements_per_minute", "records_per_mail"});
  if (!section) return;
  section->read("replies_per_hour", limits.replies_per_hour, 1, 1000000);
  section->read("failed_passwords_per_hour", limits.failed_passwords_per_hour, 1, 1000000);
  section->read("confirmation_valid_days", limits.confirmation_valid_days, 1, 365);
  section->read("confirmations_per_address_per_day", limits.confirmations_per_address_per_day, 1, 100);
  section->read("message_recipients", limits.message_recipients, 1, 1000);
  section->read("relayed_per_user_per_hour", limits.relayed_per_user_per_hour, 1, 1000000);
  section->read("relayed_per_recipient_per_hour", limits.relayed_per_recipient_per_hour, 1, 1000000);
  section->read("confirmations_per_hour", limits.confirmations_per_hour, 1, 1000000);
  section->read("active_games_per_user", limits.active_games_per_user, 1, 100000);
  section->read("pending_invitations", limits.pending_invitations, 1, 1000);
  section->read("announcements_per_minute", limits.announcements_per_minute, 1, 100000);
  section->read("records_per_mail", limits.records_per_mail, 1, 1000);
}

void read_invitations(const Section& top, InvitationsConfig& invitations) {
  auto section = top.section("invitations", {"lapse_days"});
  if (!section) return;
  section->read("lapse_days", invitations.lapse_days, 1, 365);
}

void read_clock(const Section& top, ClockConfig& clock) {
  auto section = top.section("clock", {"days_per_move", "remind_before_hours", "vacation_days_per_year"});
  if (!section) return;
  section->read("days_per_move", clock.days_per_move, 0, 60);
  section->read("remind_before_hours", clock.remind_before_hours, 0, 24 * 60);
  section->read("vacation_days_per_year", clock.vacation_days_per_year, 0, 366);
}

void read_bot(const Section& top, BotConfig& bot) {
  auto section = top.section("bot", {"userid", "playouts", "games_per_user"});
  if (!section) return;
  section->read("userid", bot.userid);
  // The rule of every userid (commands.cpp, userid_problem), which support/ cannot include.
  const bool valid = bot.userid.size() >= 2 && bot.userid.size() <= 16 &&
                     std::all_of(bot.userid.begin(), bot.userid.end(), [](char ch) {
                       return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
                     });
  if (!valid) section->invalid("userid", "must be 2 to 16 characters of a-z, 0-9, '_' and '-', got \"" + bot.userid + "\"");
  section->read("playouts", bot.playouts, 1, 100000);  // bot::kMaxPlayouts
  section->read("games_per_user", bot.games_per_user, 0, 100000);
}

void read_review(const Section& top, ReviewConfig& review) {
  auto section = top.section("review", {"per_user_per_day", "queue", "playouts"});
  if (!section) return;
  section->read("per_user_per_day", review.per_user_per_day, 0, 1000);
  section->read("queue", review.queue, 0, 100000);
  section->read("playouts", review.playouts, 1, 100000);  // bot::kMaxPlayouts
}

void read_web(const Section& top, WebConfig& web) {
  auto section = top.section("web", {"listen", "base_url", "max_connections", "max_connections_per_ip",
                                     "request_timeout_seconds"});
  if (!section) return;
  std::string listen;
  section->read("listen", listen);
  web.listen = listen.empty() ? std::nullopt : std::optional(parse_listen(*section, "listen", listen));
  section->read("base_url", web.base_url);
  if (!web.base_url.empty() &&
      (!(web.base_url.starts_with("http://") || web.base_url.starts_with("https://")) ||
       has_control_characters(web.base_url) || web.base_url.find_first_of(" <>\"'") != std::string::npos)) {
    section->invalid("base_url", "must be an http:// or https:// address such as https://games.example.org, got \"" +
                                     web.base_url + "\"");
  }
  while (web.base_url.ends_with('/')) web.base_url.pop_back();
  section->read("max_connections", web.max_connections, 1, 100000);
  section->read("max_connections_per_ip", web.max_connections_per_ip, 1, 100000);
  section->read("request_timeout_seconds", web.request_timeout_seconds, 1, 3600);
}

void read_mail(const Section& top, MailConfig& mail) {
  auto section = top.section("mail", {"authserv_id"});
  if (!section) return;
  section->read("authserv_id", mail.authserv_id);
  // A host name, as MTAs write their own (OpenDMARC's AuthservID defaults to it); nothing
  // that could not stand unquoted as the first word of an Authentication-Results field.
  const bool valid = mail.authserv_id.size() <= 253 &&
                     std::all_of(mail.authserv_id.begin(), mail.authserv_id.end(), [](char ch) {
                       return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                              ch == '.' || ch == '-' || ch == '_';
                     });
  if (!valid)
    section->invalid("authserv_id", "must be the receiving mail system's authserv-id, a host name such as "
                                    "mx.games.example.org (letters, digits, '.', '-', '_'), or \"\" for none, got \"" +
                                        mail.authserv_id + "\"");
}

void read_metrics(const Section& top, const Config& config, MetricsConfig& metrics) {
  auto section = top.section("metrics", {"listen"});
  if (!section) return;
  std::string listen;
  section->read("listen", listen);
  if (listen.empty()) return;
  metrics.listen = parse_listen(*section, "listen", listen);
  // Port 0 (any free port, for tests) cannot clash.
  const auto same_address = [&](const ListenAddress& other) {
    return metrics.listen->port != 0 && *metrics.listen == other;
  };
  if (config.web.listen && same_address(*config.web.listen))
    section->invalid("listen", "must not be web.listen's address: the web window is public, the figures are for a "
                               "scraper on a private address; got \"" + listen + "\"");
  if (same_address(config.smtp.listen))
    section->invalid("listen", "must not be smtp.listen's address, got \"" + listen + "\"");
}

}  // namespace

Config default_config(const std::filesystem::path& base_directory) {
  Config config;
  config.base_directory = std::filesystem::absolute(base_directory).lexically_normal();
  config.database = resolve(config.base_directory, "pbem.sqlite");
  return config;
}

Config parse_config(std::string_view json_text, const std::filesystem::path& base_directory,
                    std::string_view origin) {
  const std::string origin_name(origin);
  const json document = parse_json(json_text, origin_name);
  Config config = default_config(base_directory);
  const Section top(document, "", origin_name,
                    {"server", "database", "smtp", "smarthost", "inbox", "outbox", "limits", "clock", "invitations", "bot",
                     "review", "web", "mail", "metrics"});
  read_server(top, config.server);
  std::string database;
  top.read("database", database);
  if (top.find("database")) {
    if (database.empty()) top.invalid("database", "must be a file name or a postgresql:// URI, got \"\"");
    // A PostgreSQL URI (issue 16) is used as written; a file name is relative to the
    // configuration's directory.
    const bool uri = database.starts_with("postgresql://") || database.starts_with("postgres://");
    config.database = uri ? std::filesystem::path(database) : resolve(config.base_directory, database);
  }
  read_smtp(top, config.base_directory, config.smtp);
  read_smarthost(top, config.smarthost);
  read_inbox(top, config.inbox);
  read_outbox(top, config.outbox);
  read_limits(top, config.limits);
  read_clock(top, config.clock);
  read_invitations(top, config.invitations);
  read_bot(top, config.bot);
  read_review(top, config.review);
  read_web(top, config.web);
  read_mail(top, config.mail);
  read_metrics(top, config, config.metrics);
  return config;
}

Config load_config(std::optional<std::filesystem::path> explicit_path) {
  std::filesystem::path file;
  std::string named_by;  // how the operator named the file; empty for the default location
  if (explicit_path) {
    file = *explicit_path;
    named_by = "given with --config";
  } else if (const char* variable = std::getenv("PBEM_CONFIG"); variable && *variable) {
    file = variable;
    named_by = "named by $PBEM_CONFIG";
  } else {
    file = default_location;
  }

  std::error_code error;
  const bool exists = std::filesystem::exists(file, error);
  if (!exists && !error && named_by.empty()) return default_config(std::filesystem::current_path());
  if (!exists) {
    throw ConfigError(file.string() + ": configuration file not found (" + named_by + ")");
  }

  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || std::filesystem::is_directory(file)) {
    throw ConfigError(file.string() + ": cannot read the configuration file");
  }
  Config config = parse_config(text.str(), std::filesystem::absolute(file).parent_path(),
                               file.string());
  config.source = std::filesystem::absolute(file).lexically_normal();
  return config;
}

}  // namespace pbem::server
