#include "server/mailing/clock_notices.h"

#include <algorithm>

namespace pbem::server {

Reply gathered_notices(const std::vector<Reply>& notices, const std::string& reply_to) {
  Reply mail;
  mail.to = notices.front().to;
  mail.kind = notices.front().kind;
  mail.reply_to = reply_to;
  mail.subject = std::to_string(notices.size()) + " notices from the clock";
  mail.text = "The clock has " + std::to_string(notices.size()) +
              " notices for you this time, in one mail.\n"
              "To move in a game here, reply with lines such as `#12 c3` (the game's number, then\n"
              "the move), one a line, or reply to that game's own board mail.\n";
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
