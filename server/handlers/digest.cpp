#include "server/handlers/digest.h"

#include "server/competition/registry.h"
#include "server/context/ply_reactions.h"
#include "server/handlers/invitations.h"
#include "server/handlers/answer.h"
#include "server/replies/account_replies.h"
#include "server/mailing/digest_mail.h"
#include "server/storage/digests.h"
#include "server/support/clock.h"

namespace pbem::server {

std::chrono::system_clock::time_point next_digest_time(int hour, std::chrono::system_clock::time_point now) {
  using namespace std::chrono;
  const auto day = floor<days>(now);
  auto at = day + hours(hour);
  if (at <= now) at += days(1);
  return time_point_cast<system_clock::duration>(at);
}

void set_digest(CommandContext& ctx, const Account& account, const std::string& value) {
  Digests digests(ctx.db);
  if (value == "off") {
    digests.set(account.id, std::nullopt, std::nullopt);
    ctx.out.summary = "digest off for " + account.userid;
    answer(ctx, digest_setting_reply(account.userid, std::nullopt, ""));
    return;
  }
  const int hour = std::stoi(value);
  const auto next = next_digest_time(hour, std::chrono::system_clock::now());
  digests.set(account.id, hour, iso8601(next));
  ctx.out.summary = "digest at " + value + " for " + account.userid;
  answer(ctx, digest_setting_reply(account.userid, hour, readable_utc(next)));
}

void set_movemail(CommandContext& ctx, const Account& account, const std::string& value) {
  if (value == "off" && !account.digest_hour)
    throw CommandError(refusal_text(account_refusal::MovemailNeedsDigest{account.userid}));
  Digests(ctx.db).set_movemail(account.id, value == "on");
  ctx.out.summary = "movemail " + value + " for " + account.userid;
  answer(ctx, movemail_reply(value));
}

std::optional<ClockDutyDone> send_digest(Database& db, const Config& config, std::int64_t user_id,
                                         const std::string& now) {
  Outcome outcome;
  UnitOfWork work(db, config, ply_reactions(), competitions(), outcome);  // no mail asked for it
  const auto account = work.accounts.find_by_id(user_id);
  Digests digests(db);
  const auto due = digests.next_at(user_id);
  if (!account || !account->digest_hour || !due || *due > now) return std::nullopt;
  const auto now_time = parse_iso8601(now).value_or(std::chrono::system_clock::now());
  if (!digests.move_on(user_id, *due, iso8601(next_digest_time(*account->digest_hour, now_time))))
    return std::nullopt;
  const std::string day = due->substr(0, 10);
  // Open invitations alone never send a digest: they come with one that is due anyway.
  constexpr std::size_t kOpenInvitationsInDigest = 10;
  auto digest = digest_mail(work, *account, day,
                            [&] { return open_invitations_for(work, *account, kOpenInvitationsInDigest); });
  if (!digest) return ClockDutyDone{"no game waiting for " + account->userid + " on " + day, {}, 0};
  work.mail_account(*account, digest->mail);
  return ClockDutyDone{"digest to " + account->userid + " (" + std::to_string(digest->waiting) + " games)",
                       std::move(outcome.replies), 0};
}

}  // namespace pbem::server
