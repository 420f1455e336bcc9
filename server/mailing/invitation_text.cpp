#include "server/mailing/invitation_text.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/clock_text.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

std::string invitation_subject(const GameRecord& record, const std::string& challenger) {
  return text(Msg::InvitationSubject,
              {{"title", game_title(record.type)}, {"game", record.id}, {"challenger", challenger}});
}

namespace {

// Who moves first, for an open invitation: the challenger, or its taker.
std::string first_mover(const GameRecord& record, const Game& game) {
  const std::string challenger = record.userids[record.open_seat == 0 ? 1 : 0];
  const std::string first_colour = colour_of(game, 0);
  const std::string second_colour = colour_of(game, 1);
  if (!record.open_seat)
    return text(Msg::FirstMoverSeats, {{"first", record.userids[0]},
                                       {"first_colour", first_colour},
                                       {"second", record.userids[1]},
                                       {"second_colour", second_colour}});
  return text(*record.open_seat == 0 ? Msg::FirstMoverTaker : Msg::FirstMoverChallenger,
              {{"first_colour", first_colour}, {"challenger", challenger}, {"second_colour", second_colour}});
}

// The clock the invitee consents to, -weekends=off included (it moves every deadline).
std::string clock_of(const GameRecord& record) {
  const std::string weekends = record.weekends_off ? text(Msg::WeekendsOff) : "";
  if (record.bank) return text(Msg::ClockBank, {{"bank", record.bank->text}, {"weekends", weekends}});
  if (record.days_per_move > 0)
    return text(Msg::ClockDaysPerMove, {{"days", record.days_per_move}, {"weekends", weekends}});
  return text(Msg::ClockNone);
}

// The options as a list shows them, `none` when there are none.
std::string options_or(const GameRecord& record, Msg none) {
  return record.options.empty() ? text(none) : record.options;
}

std::string lapse_date(const GameRecord& record) { return record.lapses_at.value_or("").substr(0, 10); }

}  // namespace

std::string invitation_terms(const GameRecord& record, const Game& game) {
  std::string terms = text(Msg::InvitationTermsHead, {{"options", options_or(record, Msg::NoneListed)},
                                                      {"first_mover", first_mover(record, game)},
                                                      {"clock", clock_of(record)}});
  // A fork's first move was made long ago: say where it starts and who moves there.
  if (record.fork_of_game)
    terms += text(Msg::InvitationTermsFork, {{"source", *record.fork_of_game},
                                             {"ply", record.fork_of_ply},
                                             {"mover", record.userids[static_cast<std::size_t>(record.plies % 2)]}});
  if (record.rating_low && record.rating_high)
    terms += text(Msg::InvitationTermsRange, {{"low", *record.rating_low}, {"high", *record.rating_high}});
  return terms + text(Msg::InvitationTermsTail, {{"rated", text(record.rated ? Msg::Yes : Msg::No)},
                                                 {"lapses", deadline_text(record.lapses_at.value_or(""))}});
}

std::string invitation_text(const GameRecord& record, const Game& game, const std::string& challenger,
                            const std::string& invitee) {
  return text(Msg::InvitationText, {{"challenger", challenger},
                                    {"title", game_title(record.type)},
                                    {"game", record.id},
                                    {"terms", invitation_terms(record, game)},
                                    {"type", record.type},
                                    {"invitee", invitee}});
}

std::string invitation_sent_text(const GameRecord& record, const std::string& challenger, const std::string& invitee) {
  return text(Msg::InvitationSentText, {{"title", game_title(record.type)},
                                        {"game", record.id},
                                        {"invitee", invitee},
                                        {"lapses", deadline_text(record.lapses_at.value_or(""))},
                                        {"type", record.type},
                                        {"challenger", challenger}});
}

std::string open_invitation_posted_text(const GameRecord& record, const Game& game, const std::string& challenger) {
  return text(Msg::OpenInvitationPostedText, {{"title", game_title(record.type)},
                                              {"game", record.id},
                                              {"type", record.type},
                                              {"terms", invitation_terms(record, game)},
                                              {"challenger", challenger}});
}

std::string open_invitation_line(const GameRecord& record, int rating) {
  const bool ranged = record.rating_low && record.rating_high;
  return text(Msg::OpenInvitationLine,
              {{"game", record.id},
               {"challenger", record.userids[record.open_seat == 0 ? 1 : 0]},
               {"rating", rating},
               {"options", options_or(record, Msg::NoOptionsInLine)},
               {"clock", clock_of(record)},
               {"unrated", record.rated ? "" : text(Msg::UnratedInLine)},
               {"first", record.open_seat == 0 ? text(Msg::YouMoveFirstInLine) : ""},
               {"range", ranged ? text(Msg::RatingRangeInLine, {{"low", *record.rating_low}, {"high", *record.rating_high}})
                                : ""},
               {"lapses", lapse_date(record)}});
}

std::string own_open_invitation_line(const GameRecord& record) {
  return text(Msg::OwnOpenInvitationLine, {{"type", record.type},
                                           {"game", record.id},
                                           {"options", options_or(record, Msg::NoOptionsInBrackets)},
                                           {"clock", clock_of(record)},
                                           {"unrated", record.rated ? "" : text(Msg::UnratedInLine)},
                                           {"lapses", lapse_date(record)}});
}

std::string not_started_refusal(const GameRecord& record) {
  return not_started_refusal(record.id, record.invitation.value_or(""), record.userids);
}

std::string not_started_refusal(std::int64_t game, const std::string& how, const std::array<std::string, 2>& players) {
  if (how == "invited" || how == "open")
    return text(Msg::InvitationWaitingRefusal,
                {{"game", game},
                 {"invitation", how == "open" ? text(Msg::OpenInvitationWaiting, {{"challenger", players[0]}})
                                              : text(Msg::InvitationWaiting,
                                                     {{"first", players[0]}, {"second", players[1]}})}});
  if (how == "lapsed") return text(Msg::InvitationLapsedRefusal, {{"game", game}});
  return text(Msg::InvitationEndedRefusal, {{"game", game}, {"how", how}});
}

std::string challenges_refused(const std::string& invitee) { return text(Msg::ChallengesRefused, {{"invitee", invitee}}); }

std::string messages_refused(const std::string& recipient) {
  return text(Msg::MessagesRefused, {{"recipient", recipient}});
}

}  // namespace pbem::server
