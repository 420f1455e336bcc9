#include "server/play/unit_of_work.h"

#include <utility>

#include "server/storage/event_queue.h"

namespace pbem::server {

UnitOfWork::UnitOfWork(Database& db_, const Config& config_, const PlyReactions& reactions_,
                       const Competitions& competitions_, Outcome& out_, std::optional<PasswordCheck> precheck,
                       std::string answering)
    : db(db_), config(config_), accounts(db_, std::move(precheck)), records(db_), ratings(db_), out(out_),
      reactions(reactions_), competitions(competitions_), answering_(std::move(answering)) {}

void UnitOfWork::mail_account(const Account& account, const Reply& mail) {
  for (const std::string& address : account.confirmed) {
    Reply copy = mail;
    copy.to = address;
    copy.to_sender = answers(address);
    out.replies.push_back(std::move(copy));
  }
}

void UnitOfWork::record(Event event) {
  EventQueue(db).append(kind_name(event), game_of(event), event_data(event));
  events.push_back(std::move(event));
}

}  // namespace pbem::server
