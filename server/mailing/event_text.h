// The events (play/events.h) as a player reads them in a game's log: one short line each.
// No event has a mail of its own yet (the acts' mails are worded by game_mail.* and the
// other *_text.*); this is every kind's text, so that a log, a feed or a new channel reads
// the durable queue without wording anything itself.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/catalogue/catalogue.h"
#include "server/play/events.h"

namespace pbem::server {

// A user's userid, from their id (events name users by id).
using UseridOf = std::function<std::string(std::int64_t)>;

// What is said about `event`: its message and the message's arguments.
struct EventWords {
  Msg id;
  std::vector<Arg> args;
};
EventWords event_words(const Event& event, const UseridOf& userid_of);

// `event` as a line of a game's log ("Game 12, move 5: alice played d4.").
std::string event_line(const Event& event, const UseridOf& userid_of);

}  // namespace pbem::server
