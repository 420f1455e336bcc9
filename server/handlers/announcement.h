// `pbem announce --subject TEXT < body` (spec "The operator, second round"): one mail to
// every confirmed address of each account with `announcements on`, each carrying the
// List-Unsubscribe that turns the setting off (addresses/mail_addresses.h). The mails are
// of kind Announcement, which the sender paces (storage/outbox.h, claim_due).
#pragma once

#include <string>
#include <vector>

#include "server/play/outcome.h"
#include "server/storage/database.h"
#include "server/support/config.h"

namespace pbem::server {

std::vector<Reply> announcement_mails(Database& db, const Config& config, const std::string& subject,
                                      const std::string& body);

}  // namespace pbem::server
