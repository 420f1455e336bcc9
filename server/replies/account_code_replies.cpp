#include "server/replies/account_code_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/mailing/competition_text.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const CodeRefusal& why) {
  using namespace code_refusal;
  return std::visit(
      Overloaded{
          [](const NoConfirmedAddress& r) { return text(Msg::DeleteNoConfirmedAddressRefusal, {{"userid", r.userid}}); },
          [](const DeleteCodesUsedUp& r) { return text(Msg::DeleteCodesUsedUpRefusal, {{"userid", r.userid}, {"most", r.most}}); },
          [](const WrongDeleteCode& r) { return text(Msg::WrongDeleteCodeRefusal, {{"userid", r.userid}}); },
          [](const ComputerCannotBeDeleted& r) { return text(Msg::ComputerCannotBeDeletedRefusal, {{"userid", r.userid}}); },
          [](const WrongResetCode&) { return text(Msg::WrongResetCodeRefusal); }},
      why);
}

ReplyWords account_code_mail(CodePurpose purpose, const std::string& server, const std::string& userid,
                             const std::string& from, const std::string& code, const std::string& until) {
  const bool reset = purpose == CodePurpose::reset;
  return {text(reset ? Msg::ResetCodeSubject : Msg::DeleteCodeSubject, {{"userid", userid}, {"server", server}}),
          text(reset ? Msg::ResetCodeText : Msg::DeleteCodeText,
               {{"server", server}, {"userid", userid}, {"from", from}, {"code", code}, {"until", until}})};
}

ReplyWords delete_code_sent(const std::string& userid) {
  return {text(Msg::DeleteCodeSentSubject, {{"userid", userid}}), text(Msg::DeleteCodeSent, {{"userid", userid}})};
}

ReplyWords erased_reply(const std::string& userid, const std::string& server, int resigned, int invitations,
                        const std::vector<LeftCompetition>& left) {
  return {text(Msg::ErasedSubject, {{"userid", userid}}),
          text(Msg::Erased, {{"userid", userid},
                             {"server", server},
                             {"games", resigned ? text(Msg::ErasedResignedGames, {{"count", resigned}}) : ""},
                             {"invitations", invitations ? text(Msg::SignoffEndedInvitations, {{"count", invitations}}) : ""},
                             {"competitions", signoff_lines(left)}})};
}

ReplyWords forgot_reply(const std::string& server) {
  return {text(Msg::ForgotSubject), text(Msg::ForgotText, {{"server", server}})};
}

ReplyWords reset_done_reply(const std::string& userid) {
  return {text(Msg::ResetDoneSubject, {{"userid", userid}}), text(Msg::ResetDone, {{"userid", userid}})};
}

ReplyWords reset_notice(const std::string& server, const std::string& userid, const std::string& at,
                        const std::string& from) {
  return {text(Msg::SecurityNoticeSubject, {{"what", text(Msg::PasswordWord)}, {"userid", userid}}),
          text(Msg::ResetNotice, {{"server", server}, {"userid", userid}, {"at", at}, {"from", from}})};
}

}  // namespace pbem::server
