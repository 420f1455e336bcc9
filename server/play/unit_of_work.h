// One unit of work on games inside the caller's transaction: the storage tables, the
// configuration, the outcome that collects its mail, and what follows every stored ply
// (ply_reactions.h). A command's handler works in its subclass CommandContext
// (server/context/command_context.h), which adds the mail that asked for it; the clock's
// duties, the daily digest and a tournament's start on its date are asked for by no mail
// and work in a UnitOfWork of their own, so none of their mail answers anyone.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/play/competitions.h"
#include "server/play/events.h"
#include "server/play/outcome.h"
#include "server/play/ply_reactions.h"
#include "server/storage/accounts.h"
#include "server/storage/database.h"
#include "server/storage/game_records.h"
#include "server/storage/ratings.h"
#include "server/support/config.h"

namespace pbem::server {

class UnitOfWork {
 public:
  // `precheck`: a command's password, verified before the transaction (none for work no
  // mail asked for). `answering`: where the mail being answered came from (its Reply-To,
  // else From); "" when no mail asked for the work.
  UnitOfWork(Database& db, const Config& config, const PlyReactions& reactions, const Competitions& competitions,
             Outcome& out,
             std::optional<PasswordCheck> precheck = std::nullopt, std::string answering = {});
  virtual ~UnitOfWork() = default;
  UnitOfWork(const UnitOfWork&) = delete;
  UnitOfWork& operator=(const UnitOfWork&) = delete;

  Database& db;
  const Config& config;
  Accounts accounts;
  GameRecords records;
  Ratings ratings;
  Outcome& out;
  const PlyReactions& reactions;  // run after every stored ply or result (end_of_ply.cpp)
  const Competitions& competitions;  // every kind of competition (play/competitions.h)

  // True when `address` is where the mail being answered came from: a copy of game mail
  // to it answers that mail (threaded to it). Never for work no mail asked for.
  bool answers(const std::string& address) const { return !answering_.empty() && address == answering_; }
  // Queues a copy of `mail` to every confirmed address of `account` (none for the
  // computer); the copy to the address being answered answers it.
  void mail_account(const Account& account, const Reply& mail);

  // Appends what happened (play/events.h) to `events` and, in the same transaction, to the
  // durable queue (storage/event_queue.h): a savepoint rolled back takes its rows with it.
  void record(Event event);
  std::vector<Event> events;  // in the order they happened

 private:
  std::string answering_;
};

}  // namespace pbem::server
