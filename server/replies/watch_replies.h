// The words of watching and of unsubscribing (handlers/watch_commands.cpp: `subscribe`,
// `unsubscribe`; handlers/list_unsubscribe.cpp: a mail to an unsubscribe address): their
// refusals and answers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "server/mailing/reply_format.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace watch_refusal {
struct WatchesEveryGameAlready { std::string userid, type; };
struct PlaysInGame { std::string userid; std::int64_t game; };
struct GameOver { std::int64_t game; };
struct WatchesGameAlready { std::string userid, type; std::int64_t game; };
struct NotWatchingEveryGame { std::string userid, type; };
struct NotWatchingGame { std::string userid; std::int64_t game; };
struct UnsubscribeOnlyByMail {};  // `list unsubscribe` typed by hand
}  // namespace watch_refusal
using WatchRefusal = std::variant<watch_refusal::WatchesEveryGameAlready, watch_refusal::PlaysInGame,
                                  watch_refusal::GameOver, watch_refusal::WatchesGameAlready,
                                  watch_refusal::NotWatchingEveryGame, watch_refusal::NotWatchingGame,
                                  watch_refusal::UnsubscribeOnlyByMail>;
// Why a watching command was refused.
std::string refusal_text(const WatchRefusal& why);

// `watcher` now watches every new game of `type`, or game `record` (now `game`, its board).
ReplyWords watching_every_game(const std::string& watcher, const std::string& type);
ReplyWords watching_game(const GameRecord& record, const Game& game, const std::string& watcher);
// `watcher` stopped watching new games of `type`, or game `record`.
ReplyWords stopped_watching_every_game(const std::string& watcher, const std::string& type);
ReplyWords stopped_watching_game(const GameRecord& record, const std::string& watcher);

// By a mail to an unsubscribe address of `userid`: the digest is off; the games of `type`
// (every new one when `kind`, and those of `games`) are no longer watched; game `game`
// (`record`: none when it is gone) is no longer watched.
ReplyWords digest_unsubscribed(const std::string& userid);
ReplyWords unwatched_kind(const std::string& userid, const std::string& type, bool kind,
                          const std::vector<std::int64_t>& games);
ReplyWords unwatched_game(const std::string& userid, std::int64_t game, const std::optional<GameRecord>& record);
// "(The mail came from ...)": the unsubscribe address was used from `from`, someone else's.
std::string unsubscribed_from_other_address(const std::string& from);

}  // namespace pbem::server
