// The configuration: one JSON file (config/pbem.json documents every key at its default;
// config/README.md explains each). Every key is optional; unknown keys and values of the
// wrong type or out of range are refused with a message naming the file and the key.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::server {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "127.0.0.1:2525" or "[::1]:2525"; the host is kept as written, without brackets.
struct ListenAddress {
  std::string host;
  std::uint16_t port = 0;
  bool operator==(const ListenAddress&) const = default;
};

struct ServerConfig {
  std::string address = "pbem@localhost";  // the server's own address: From of replies
  std::vector<std::string> aliases;        // further addresses mail is accepted for
  std::string name = "PBeM Server";        // display name in From
  // Where players' `report`s go (issue 58); empty: reports are refused.
  std::string operator_address;
  // The part of `address` after the '@': the HELO name, the right side of Message-IDs.
  // The one place the domain is cut from the address.
  std::string domain() const { return address.substr(address.rfind('@') + 1); }
  bool operator==(const ServerConfig&) const = default;
};

// The operator's settings for the SMTP server and the smarthost, as the file states them.
// They are not mail::SmtpServerConfig / mail::SmarthostConfig themselves, on purpose: the
// mail layer's structs also hold what the server derives (the HELO name and the local
// addresses from server.address, the log callback, "auto" certificate checking decided by
// whether the smarthost is on loopback), and support/ must not depend on mail/. Each is
// translated in exactly one function: smtp_config() in pipeline/daemon.cpp and
// smarthost_client_config() in pipeline/outbox_sender.cpp.
struct SmtpConfig {
  ListenAddress listen{"127.0.0.1", 2525};
  std::size_t max_message_bytes = 1048576;
  int max_recipients = 20;
  int max_connections = 100;
  std::chrono::seconds command_timeout_seconds{300};
  std::chrono::seconds data_timeout_seconds{600};
  std::chrono::seconds data_total_timeout_seconds{600};  // a whole DATA transfer, at most
  int max_connections_per_ip = 10;  // simultaneous connections from one client address
  int max_errors = 10;              // error replies in one session before 421 and close
  // A session ends after this long however active it is (a NOOP every few minutes must not
  // hold a connection slot forever).
  std::chrono::seconds max_session_seconds{1800};
  std::filesystem::path tls_certificate;  // absolute; empty: no STARTTLS offered
  std::filesystem::path tls_private_key;  // absolute; set exactly when tls_certificate is
  bool operator==(const SmtpConfig&) const = default;
};

struct SmarthostConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 25;
  bool starttls = false;
  std::optional<std::string> username;  // AUTH only when set; set exactly when password is
  std::optional<std::string> password;
  // nullopt = "auto": verify for a host that is not loopback, skip for loopback.
  std::optional<bool> verify_certificate;
  bool allow_plaintext_auth = false;  // AUTH without TLS; refused unless this is true
  bool operator==(const SmarthostConfig&) const = default;
};

// Retention (docs/operating.md "Retention"): a processed inbox row (digest, Message-ID,
// sender, masked command, outcome; the message itself goes when it is processed) is kept
// this long, and duplicate detection knows a redelivered message only while it is.
struct InboxConfig {
  int keep_days = 30;
  bool operator==(const InboxConfig&) const = default;
};

struct OutboxConfig {
  int max_attempts = 10;  // then the message is marked failed
  std::chrono::seconds initial_retry_seconds{60};  // doubles after each temporary failure
  std::chrono::seconds max_retry_seconds{3600};    // up to this
  // PostgreSQL, several pbemd: how long a sender's claim on a due message keeps other
  // senders off it; after a crash another daemon sends it when the claim runs out.
  std::chrono::seconds claim_seconds{300};
  // A delivered (or failed) message keeps its text this long, then only its metadata; a
  // confirmation request's text is cleared at delivery.
  int keep_sent_days = 7;
  // ... and the row itself (its metadata) this long; mail still queued is never deleted.
  int keep_days = 90;
  bool operator==(const OutboxConfig&) const = default;
};

struct LimitsConfig {
  int replies_per_hour = 100;  // per sender address; counts only replies (errors, help, show ...)
  int failed_passwords_per_hour = 10;  // per userid; then password commands are refused
  int confirmation_valid_days = 7;                 // a confirmation code expires after this
  int confirmations_per_address_per_day = 3;       // confirmation requests mailed to one address
  int message_recipients = 10;                     // distinct userids in one `message`
  int relayed_per_user_per_hour = 30;              // message/chat mail one user has sent on
  int relayed_per_recipient_per_hour = 20;         // message/chat mail to one address
  int confirmations_per_hour = 60;                 // confirmation requests, over all addresses
  int active_games_per_user = 100;                 // active games a user may play at once
  int pending_invitations = 10;                    // invitations one user sent that still wait
  int announcements_per_minute = 60;               // `pbem announce` mails the sender takes a minute
  int records_per_mail = 200;                      // finished games one `all records` mail carries
  bool operator==(const LimitsConfig&) const = default;
};

// The correspondence clock (docs/commands.md "The clock").
struct ClockConfig {
  int days_per_move = 14;           // a challenge's default -days (0 = no time limit)
  int remind_before_hours = 48;     // one reminder when this much of a deadline is left
  int vacation_days_per_year = 30;  // vacation allowance per user and calendar year
  bool operator==(const ClockConfig&) const = default;
};

// Invitations (spec "Consent: a challenge is an invitation").
struct InvitationsConfig {
  int lapse_days = 7;  // an unanswered invitation (open ones too) lapses after this
  bool operator==(const InvitationsConfig&) const = default;
};

// The built-in computer opponent (issue 17): its account's userid and its strength.
struct BotConfig {
  std::string userid = "bot";  // created by the server; never receives mail
  int playouts = 2000;         // random games per move: strength and thinking time
  int games_per_user = 5;      // active games one human may play against the computer
  bool operator==(const BotConfig&) const = default;
};

// The computer's review of a finished game (spec "The computer's review of a finished game").
struct ReviewConfig {
  int per_user_per_day = 3;  // reviews one user may ask for in 24 hours
  int queue = 100;           // reviews waiting at most; one more is refused
  int playouts = 20000;      // per position: the review's depth, and its time
  bool operator==(const ReviewConfig&) const = default;
};

// The read-only web window (spec "The web window"): off unless `listen` is set.
struct WebConfig {
  std::optional<ListenAddress> listen;  // "" in the file: no web window
  // Public address of the window ("https://games.example.org"); when set, game mails link to
  // their game page and tournament mails to their table. Empty: no links.
  std::string base_url;
  int max_connections = 100;         // 503 beyond
  int max_connections_per_ip = 10;   // simultaneous connections from one address; 503 beyond
  // One request, from its first byte to its last, at most this long (a client trickling
  // one byte at a time gets no longer); also how long an idle kept-alive connection stays.
  std::chrono::seconds request_timeout_seconds{10};
  bool operator==(const WebConfig&) const = default;
};

// What the server trusts of the mail system in front of it (docs/operating.md "DMARC").
struct MailConfig {
  // The authserv-id of the receiving MTA's Authentication-Results fields (RFC 8601), e.g.
  // "mx.games.example.org"; when set, a command without a password or game address in a
  // mail whose field by this id says dmarc=fail is refused. Empty: no field is read.
  std::string authserv_id;
  bool operator==(const MailConfig&) const = default;
};

// /metrics in Prometheus' text format (docs/operating.md "Metrics"): off unless `listen` is
// set, and never on the web window's address (the window is public, the figures are for a
// scraper on a private one).
struct MetricsConfig {
  std::optional<ListenAddress> listen;  // "" in the file: no metrics
  bool operator==(const MetricsConfig&) const = default;
};

struct Config {
  std::filesystem::path source;          // the file read; empty when none (all defaults)
  std::filesystem::path base_directory;  // absolute: the file's directory, else the cwd
  ServerConfig server;
  std::filesystem::path database;  // absolute, or a postgresql:// URI; default base_directory/pbem.sqlite
  SmtpConfig smtp;
  SmarthostConfig smarthost;
  InboxConfig inbox;
  OutboxConfig outbox;
  LimitsConfig limits;
  ClockConfig clock;
  InvitationsConfig invitations;
  BotConfig bot;
  ReviewConfig review;
  WebConfig web;
  MailConfig mail;
  MetricsConfig metrics;
  bool operator==(const Config&) const = default;
};

// Reads the configuration file: `explicit_path` if given (--config), else $PBEM_CONFIG if
// set and not empty, else config/pbem.json relative to the working directory. A missing
// file at that default location means all defaults, with the working directory as base
// directory; a missing file that was named (explicitly or by $PBEM_CONFIG), an unreadable
// or malformed file throws ConfigError.
Config load_config(std::optional<std::filesystem::path> explicit_path);

// Parses configuration text; relative paths resolve against `base_directory` (made
// absolute). `origin` names the text's source in error messages (usually the file).
Config parse_config(std::string_view json_text, const std::filesystem::path& base_directory,
                    std::string_view origin);

// Every key at its default.
Config default_config(const std::filesystem::path& base_directory);

}  // namespace pbem::server
