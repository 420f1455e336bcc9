// The kinds of outgoing mail.
#pragma once

namespace pbem::server {

// What a mail is, stored with it in the outbox so each limit counts only its own kind.
enum class MailKind {
  Reply,         // answers a command (errors, help, show ...): counts against the reply limit
  Game,          // board mail to a player
  Relay,         // message / chat text from one user to another: rate-limited per user and recipient
  Confirmation,  // the confirmation request, the only mail an unconfirmed address gets
  Notice,        // "further replies this hour are not answered", and security notices to old addresses
  Announcement,  // `pbem announce`: stored as a notice, paced (limits.announcements_per_minute)
};

}  // namespace pbem::server
