// `report userid password other [board]` (spec "The operator, second round"): a player's
// report of another goes to server.operator as one mail naming both and the game, at most
// one per reporter and reported player a day; the reported player is never told.
#include <chrono>

#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/handlers/answer.h"
#include "server/mailing/moderation_text.h"
#include "server/replies/check_replies.h"
#include "server/storage/moderation.h"
#include "server/support/clock.h"
#include "server/support/utf8_length.h"

namespace pbem::server {

namespace {
constexpr std::size_t kMaxReport = 2000;  // characters (UTF-8 counted by code point)
}  // namespace

namespace handlers {

void report(CommandContext& ctx, const Command& c) {
  const Account reporter = ctx.authenticated(c);
  if (ctx.config.server.operator_address.empty()) throw CommandError(report_refused_no_operator());
  const Account reported = ctx.existing_account(c.words.at(0));
  if (reported.id == reporter.id) throw CommandError(report_refused_about_self());
  std::optional<GameRecord> game;
  if (!c.boards.empty()) {
    // Any kind of game: the command names none.
    game = ctx.records.find(c.boards.front().number);
    if (!game) throw CommandError(refusal_text(check_refusal::NoSuchGame{c.boards.front().number}));
  }
  const std::string& text = ctx.request.body;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw CommandError(report_refused_empty());
  if (utf8_length(text) > kMaxReport) throw CommandError(report_refused_too_long(kMaxReport));
  Reports reports(ctx.db);
  if (reports.reported_since(reporter.id, reported.id,
                             iso8601(std::chrono::system_clock::now() - std::chrono::hours(24))))
    throw CommandError(Refusal::limit, report_refused_once_a_day(reported.userid));
  reports.add(reporter.id, reported.id, game ? std::optional<std::int64_t>(game->id) : std::nullopt);
  Reply to_operator = report_to_operator(reporter, reported, game, text);
  to_operator.to = ctx.config.server.operator_address;
  to_operator.relayed_by = reporter.id;  // the reporter's words: counted against their relay limits
  ctx.out.replies.push_back(std::move(to_operator));
  ctx.check_relay_limits();
  ctx.out.summary = "report by " + reporter.userid;
  answer(ctx, report_acknowledged(reported.userid));
}

}  // namespace handlers
}  // namespace pbem::server
