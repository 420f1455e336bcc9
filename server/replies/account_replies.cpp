#include "server/replies/account_replies.h"

#include <algorithm>

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/text_wrap.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/invitation_text.h"
#include "server/mailing/moderation_text.h"
#include "server/mailing/rating_text.h"
#include "server/storage/game_invitations.h"
#include "server/storage/game_listings.h"
#include "server/storage/ratings.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
// How many of a player's open invitations `all show` lists (the limits on invitations keep
// them fewer).
constexpr int kOpenInvitationsListed = 20;

// The notes on confirmations a welcome or an address change carries, set off by a blank line.
std::string notes_of(const std::string& notes) {
  return notes.empty() ? "" : text(Msg::WelcomeNotes, {{"notes", notes}});
}
}  // namespace

std::string refusal_text(const AccountRefusal& why) {
  using namespace account_refusal;
  return std::visit(
      Overloaded{[](const UseridTaken& r) { return text(Msg::UseridTakenRefusal, {{"userid", r.userid}}); },
                 [](const UseridAny&) { return text(Msg::UseridAnyRefusal); },
                 [](const UseridOfComputer& r) { return text(Msg::UseridOfComputerRefusal, {{"userid", r.userid}}); },
                 [](const OneAccountPerMail&) { return text(Msg::OneAccountPerMailRefusal); },
                 [](const AccountsPerDay& r) { return text(Msg::AccountsPerDayRefusal, {{"most", r.most}}); },
                 [](const WrongCode& r) { return text(Msg::WrongCodeRefusal, {{"userid", r.userid}}); },
                 [](const AlreadySignedOff& r) { return text(Msg::AlreadySignedOffRefusal, {{"userid", r.userid}}); },
                 [](const TooManyRecipients& r) {
                   return text(Msg::TooManyRecipientsRefusal, {{"most", r.most}, {"count", r.count}});
                 },
                 [](const NotAFilter& r) { return text(Msg::NotAFilterRefusal, {{"filter", quoted_word(r.filter)}}); },
                 [](const MovemailNeedsDigest& r) { return text(Msg::MovemailNeedsDigestRefusal, {{"userid", r.userid}}); }},
      why);
}

ReplyWords security_notice(SecurityChange what, const std::string& server, const std::string& userid,
                           const std::string& at, const std::string& from) {
  const std::string changed = text(what == SecurityChange::Password ? Msg::PasswordWord : Msg::SecurityAddresses);
  return {text(Msg::SecurityNoticeSubject, {{"what", changed}, {"userid", userid}}),
          text(Msg::SecurityNotice, {{"what", changed}, {"server", server}, {"userid", userid}, {"at", at}, {"from", from}})};
}

std::string how_to_confirm(const std::string& address, const std::string& userid, const std::string& code, int days) {
  return text(Msg::HowToConfirm, {{"address", address}, {"userid", userid}, {"code", code}, {"days", days}});
}

std::string how_to_confirm_in_welcome(const std::string& how) { return notes_of(how); }

ReplyWords confirmation_mail(const std::string& server, const std::string& userid, const std::string& how) {
  return {text(Msg::ConfirmSubject, {{"userid", userid}, {"server", server}}),
          text(Msg::ConfirmText, {{"userid", userid}, {"server", server}, {"how", how}})};
}

std::string confirmation_mailed_note(const std::string& address) {
  return text(Msg::ConfirmationMailedNote, {{"address", address}});
}

std::string confirmation_not_mailed_note(const std::string& address, int most) {
  return text(Msg::ConfirmationNotMailedNote, {{"address", address}, {"most", most}});
}

std::string welcome_text(const std::string& server, const std::string& userid, const std::vector<std::string>& addresses) {
  return text(Msg::WelcomeText, {{"server", server}, {"userid", userid}, {"addresses", join(addresses, "\n    ")}});
}

std::string addresses_now_text(const std::string& userid, const std::vector<std::string>& addresses) {
  return text(Msg::AddressesNow, {{"userid", userid}, {"addresses", join(addresses, "\n    ")}});
}

ReplyWords welcome_reply(const std::string& userid, const std::string& welcome, const std::string& notes) {
  return {text(Msg::WelcomeSubject, {{"userid", userid}}),
          welcome + notes_of(notes) + text(Msg::WelcomeEnd, {{"userid", userid}})};
}

ReplyWords addresses_changed_reply(const std::string& changed, const std::string& notes) {
  return {text(Msg::AddressesChangedSubject), changed + notes_of(notes) + text(Msg::AddressesEnd)};
}

ReplyWords address_confirmed_reply(const std::string& address, const std::string& userid) {
  return {text(Msg::AddressConfirmedSubject), text(Msg::AddressConfirmed, {{"address", address}, {"userid", userid}})};
}

ReplyWords password_changed_reply(const std::string& userid) {
  return {text(Msg::PasswordChangedSubject), text(Msg::PasswordChanged, {{"userid", userid}})};
}

ReplyWords signed_off_reply(const std::string& userid, int invitations, const std::vector<LeftCompetition>& left) {
  return {text(Msg::SignedOffSubject),
          text(Msg::SignedOff,
               {{"userid", userid},
                {"invitations", invitations ? text(Msg::SignoffEndedInvitations, {{"count", invitations}}) : ""},
                {"competitions", signoff_lines(left)}})};
}

ReplyWords game_types_reply(const std::string& server, const std::vector<std::string>& asked) {
  std::string games = text(Msg::GamesPlayedHere, {{"server", server}});
  for (const auto& type : game_types()) {
    if (!asked.empty() && std::find(asked.begin(), asked.end(), type.name) == asked.end()) continue;
    games += text(Msg::GameTypeEntry,
                  {{"name", type.name},
                   {"summary", type.summary},
                   {"options", option_lines(type, "    ", "  ") + server_option_lines("    ", "  ")}});
  }
  Listing unknown;
  for (const std::string& word : asked)
    if (!find_game_type(word)) unknown.add(quoted_word(word));
  if (!unknown.empty()) games += text(Msg::NoSuchGameTypes, {{"games", unknown.text("  ", "")}});
  return {text(Msg::GamesHereSubject), mail::wrap_text(games)};
}

ReplyWords relayed_message(const std::string& sender, const std::string& to, const std::string& message) {
  return {text(Msg::MessageSubject, {{"sender", sender}}),
          text(Msg::MessageText,
               {{"sender", sender}, {"to", to}, {"message", message.empty() ? text(Msg::MessageEmpty) : message}})};
}

ReplyWords message_sent_reply(const std::vector<std::string>& reached, const std::vector<std::string>& unreachable) {
  std::string sent = reached.empty() ? text(Msg::MessageSentToNobody)
                                     : text(Msg::MessageSentTo, {{"reached", join(reached, ", ")}});
  if (!unreachable.empty()) sent += text(Msg::MessageNotSentTo, {{"unreachable", join(unreachable, ", ")}});
  return {text(Msg::MessageSentSubject), sent};
}

ReplyWords all_show_reply(Database& db, const Account& account, const std::string& filter) {
  // The first hundred by number and a count, from stored columns: no game is replayed.
  GameSelection selection{{account.id}, {}, std::nullopt, filter == "next"};
  if (filter == "active") selection.active = true;
  for (const auto& type : game_types()) selection.types.push_back(type.name);
  const GameListings listings(db);
  const std::vector<GameRecord> records = listings.selected(selection, static_cast<int>(Listing::kMaxLines));
  Listing lines;
  for (const GameRecord& record : records) {
    const auto users = userids_by_colour(record);
    const auto colours = colour_names(record);
    lines.add(text(Msg::AllShowLine, {{"type", record.type},
                                      {"game", record.id},
                                      {"first", users[0]},
                                      {"first_colour", colours[0]},
                                      {"second", users[1]},
                                      {"second_colour", colours[1]},
                                      {"plies", record.plies},
                                      {"state", game_state(record)}}));
  }
  lines.add_unshown(static_cast<std::size_t>(listings.count_selected(selection)) - records.size());
  std::string games = lines.text("  ", text(Msg::NoneListed));
  // Their open invitations, public as they are (the front page lists them); the ones to
  // or from one player stay between those two.
  if (filter != "next") {
    Listing open;
    for (const GameRecord& record : GameInvitations(db).open_invitations_by(account.id, kOpenInvitationsListed))
      open.add(own_open_invitation_line(record));
    if (!open.empty()) games += text(Msg::AllShowOpenInvitations, {{"lines", open.text("  ", "")}});
  }
  std::string ratings;
  for (const auto& type : game_types())
    if (auto rating = Ratings(db).find(type.name, account.id))
      ratings += text(Msg::AllShowRating, {{"standing", standings_text(type.name, 6, rating->rating, rating->games,
                                                                       rating->wins, rating->losses)}});
  if (!ratings.empty()) games += text(Msg::AllShowRatings, {{"ratings", ratings}});
  return {text(Msg::AllShowSubject, {{"userid", account.userid}}),
          text(Msg::AllShowText, {{"userid", account.userid}, {"filter", filter}, {"games", games}})};
}

ReplyWords setting_reply(const std::string& setting, const std::string& value, const Account& account) {
  const bool on = value == "on";
  if (setting == "messages")
    return {text(Msg::MessagesSubject, {{"value", value}}),
            on ? text(Msg::MessagesOn) : text(Msg::MessagesOff, {{"refusal", messages_refused(account.userid)}})};
  if (setting == "announcements") return {text(Msg::AnnouncementsSubject, {{"value", value}}), announcements_set_text(on)};
  if (setting == "records")
    return {text(Msg::RecordsSettingSubject, {{"value", value}}), text(on ? Msg::RecordsSettingOn : Msg::RecordsSettingOff)};
  if (setting == "board")
    return {text(Msg::BoardSettingSubject, {{"value", value}}),
            text(value == "list" ? Msg::BoardSettingList : value == "both" ? Msg::BoardSettingBoth : Msg::BoardSettingText)};
  if (setting == "reviews")
    return {text(Msg::ReviewsSettingSubject, {{"value", value}}), text(value == "auto" ? Msg::ReviewsAuto : Msg::ReviewsOff)};
  if (setting == "calendar")
    return {text(Msg::CalendarSettingSubject, {{"value", value}}), text(on ? Msg::CalendarOn : Msg::CalendarOff)};
  if (setting == "challenges")
    return {text(Msg::ChallengesSubject, {{"value", value}}),
            text(value == "auto" ? Msg::ChallengesAuto : value == "none" ? Msg::ChallengesNone : Msg::ChallengesInvite)};
  return {text(Msg::PicturesSubject, {{"value", value}}), text(on ? Msg::PicturesOn : Msg::PicturesOff)};
}

ReplyWords digest_setting_reply(const std::string& userid, std::optional<int> hour, const std::string& first) {
  if (!hour) return {text(Msg::DigestOffSubject), text(Msg::DigestOff)};
  const std::string two_digits = std::string(*hour < 10 ? "0" : "") + std::to_string(*hour);
  return {text(Msg::DigestAtSubject, {{"hour", two_digits}}),
          text(Msg::DigestAt, {{"hour", two_digits}, {"first", first}, {"userid", userid}})};
}

ReplyWords movemail_reply(const std::string& value) {
  return {text(Msg::MovemailSubject, {{"value", value}}), text(value == "on" ? Msg::MovemailOn : Msg::MovemailOff)};
}

ReplyWords export_reply(const std::string& server, const std::string& userid, const std::string& file,
                        const std::string& at) {
  return {text(Msg::ExportSubject, {{"server", server}, {"userid", userid}}),
          text(Msg::ExportText, {{"file", file}, {"server", server}, {"userid", userid}, {"at", at}})};
}

}  // namespace pbem::server
