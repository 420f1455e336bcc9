#include "server/mailing/clock_notices.h"

#include <algorithm>

#include "server/catalogue/catalogue.h"

namespace pbem::server {

Reply gathered_notices(const std::vector<Reply>& notices, const std::string& reply_to) {
  Reply mail;
  mail.to = notices.front().to;
  mail.kind = notices.front().kind;
  mail.reply_to = reply_to;
  mail.subject = text(Msg::GatheredNoticesSubject, {{"count", notices.size()}});
  mail.text = text(Msg::GatheredNotices, {{"count", notices.size()}});
  for (std::size_t n = 0; n < notices.size(); ++n) {
    const Reply& notice = notices[n];
    const std::string heading = std::to_string(n + 1) + ". " + notice.subject;
    mail.text += "\n" + heading + "\n" + std::string(std::min<std::size_t>(heading.size(), 78), '-') + "\n";
    const std::size_t at = mail.text.size();  // where this notice's text, boards and pictures begin
    mail.text += notice.text;
    if (!mail.text.ends_with('\n')) mail.text += '\n';
    for (const mail::TextRange& board : notice.boards) mail.boards.push_back({at + board.begin, at + board.end});
    for (const mail::InlinePicture& picture : notice.pictures) mail.pictures.push_back({at + picture.at, picture.png});
  }
  return mail;
}

}  // namespace pbem::server
