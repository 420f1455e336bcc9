// The operator's tables (schema 034; docs/operating.md "Moderation"): suspended accounts,
// the audit of every operator act, and the players' reports, counted for their limit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace pbem::server {

struct Suspension {
  std::string reason;
  std::optional<std::string> until;  // ISO 8601 UTC; nothing: until `pbem unsuspend`
};

class Suspensions {
 public:
  explicit Suspensions(Database& db) : db_(db) {}

  // Suspends (or suspends again, with the new reason and end) user `user_id`.
  void suspend(std::int64_t user_id, const Suspension& suspension);
  // Lifts it; false when there was none.
  bool lift(std::int64_t user_id);
  // The user's suspension in force at `now` (ISO 8601 UTC): one that ended is none.
  std::optional<Suspension> in_force(std::int64_t user_id, const std::string& now) const;

 private:
  Database& db_;
};

struct AuditEntry {
  std::int64_t id = 0;
  std::string at;        // ISO 8601 UTC
  std::string operator_name;  // the login name of who ran it
  std::string action;    // suspend, unsuspend, void, adjudicate, announce
  std::optional<std::string> userid;  // whom it concerned
  std::optional<std::int64_t> game_id;
  std::string reason;
};

class OperatorAudit {
 public:
  explicit OperatorAudit(Database& db) : db_(db) {}

  // One row, in the caller's transaction (with the act it records).
  void add(const std::string& operator_name, const std::string& action, std::optional<std::int64_t> user_id,
           std::optional<std::int64_t> game_id, const std::string& reason);
  // Every row, oldest first.
  std::vector<AuditEntry> all() const;

 private:
  Database& db_;
};

class Reports {
 public:
  explicit Reports(Database& db) : db_(db) {}

  // Whether `reporter` has reported `reported` at or after `since` (ISO 8601 UTC).
  bool reported_since(std::int64_t reporter, std::int64_t reported, const std::string& since) const;
  void add(std::int64_t reporter, std::int64_t reported, std::optional<std::int64_t> game_id);

 private:
  Database& db_;
};

}  // namespace pbem::server
