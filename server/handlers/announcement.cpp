#include "server/handlers/announcement.h"

#include "server/addresses/mail_addresses.h"
#include "server/mailing/moderation_text.h"
#include "server/storage/accounts.h"

namespace pbem::server {

namespace {
constexpr int kPage = 500;  // accounts read at a time
}

std::vector<Reply> announcement_mails(Database& db, const Config& config, const std::string& subject,
                                      const std::string& body) {
  std::vector<Reply> mails;
  Accounts accounts(db);
  std::int64_t after = 0;
  for (;;) {
    const std::vector<Account> page = accounts.announced(after, kPage);
    for (const Account& account : page) {
      after = account.id;
      if (account.confirmed.empty()) continue;
      const std::string unsubscribe = unsubscribe_address_of(db, config, account, kAnnouncementsSetting);
      for (const std::string& address : account.confirmed) {
        Reply mail;
        mail.to = address;
        mail.kind = MailKind::Announcement;
        mail.subject = subject;
        mail.text = announcement_text(body, account.userid);
        mail.list_unsubscribe = unsubscribe;
        mails.push_back(std::move(mail));
      }
    }
    if (static_cast<int>(page.size()) < kPage) return mails;
  }
}

}  // namespace pbem::server
