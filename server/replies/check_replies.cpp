#include "server/replies/check_replies.h"

#include "engine/text.h"
#include "mail/address.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"
#include "server/support/overloaded.h"

namespace pbem::server {

namespace {
std::string computer_games_over(const check_refusal::ComputerGames& r) {
  return r.more == 1 ? text(Msg::ComputerGamesMostNote) : text(Msg::ComputerGamesOverNote, {{"more", r.more}, {"most", r.most}});
}
}  // namespace

std::string refusal_text(const CheckRefusal& why) {
  using namespace check_refusal;
  return std::visit(
      Overloaded{
          [](const NoSuchUser& r) { return text(Msg::NoSuchUserRefusal, {{"userid", quoted_word(r.userid)}}); },
          [](const NoSuchUseridGiven&) { return text(Msg::NoSuchUseridGivenRefusal); },
          [](const PasswordThrottled& r) {
            return text(Msg::PasswordThrottledRefusal, {{"userid", r.userid}, {"most", r.most}, {"until", r.until}});
          },
          [](const WrongPassword& r) { return text(Msg::WrongPasswordRefusal, {{"userid", r.userid}}); },
          [](const NoSuchGame& r) { return text(Msg::NoSuchGameRefusal, {{"game", r.game}}); },
          [](const OtherKindOfGame& r) {
            return text(Msg::OtherKindOfGameRefusal, {{"game", r.game},
                                                      {"title", game_title(r.type)},
                                                      {"asked_title", game_title(r.asked_type)},
                                                      {"type", r.type}});
          },
          [](const NotAPlayerOfGame& r) { return text(Msg::NotAPlayerOfGameRefusal, {{"player", r.player}, {"game", r.game}}); },
          [](const AddressTooLong& r) {
            return text(Msg::AddressTooLongRefusal,
                        {{"address", quoted_word(r.address)}, {"local", r.local}, {"most", r.most}});
          },
          [](const NotAnAddress& r) { return text(Msg::NotAnAddressRefusal, {{"address", quoted_word(r.address)}}); },
          [](const TooManyAddresses& r) { return text(Msg::TooManyAddressesRefusal, {{"most", r.most}}); },
          [](const RelayedByUser& r) {
            return text(Msg::RelayedByUserLimitRefusal, {{"userid", r.userid ? *r.userid : text(Msg::TheUser)},
                                                         {"already", r.already},
                                                         {"most", r.most},
                                                         {"count", r.count}});
          },
          [](const RelayedToRecipient& r) { return text(Msg::RelayedToRecipientLimitRefusal, {{"most", r.most}}); },
          [](const ConfirmationsPerHour& r) { return text(Msg::ConfirmationsPerHourRefusal, {{"most", r.most}}); },
          [](const ActiveGames& r) { return text(Msg::ActiveGamesLimitRefusal, {{"player", r.player}, {"most", r.most}}); },
          [](const ComputerGames& r) {
            return text(Msg::ComputerGamesLimitRefusal, {{"player", r.player},
                                                         {"games", r.games},
                                                         {"held", r.held ? text(Msg::ComputerGamesHeldNote) : ""},
                                                         {"over", computer_games_over(r)}});
          },
          [](const DmarcFailed&) { return text(Msg::DmarcFailedRefusal); },
          [](const FromNotOneMailbox&) { return text(Msg::FromNotOneMailboxRefusal); },
          [](const InvitationsPerMail& r) { return text(Msg::InvitationsPerMailRefusal, {{"most", r.most}}); },
          [](const MailsPerMailbox& r) { return text(Msg::MailsPerMailboxRefusal, {{"most", r.most}}); },
          [](const MailBudget& r) { return text(Msg::MailBudgetRefusal, {{"kib", r.kib}}); }},
      why);
}

ReplyWords game_address_used_notice(const std::string& from) {
  const std::string shown = mail::shown_address(from);
  return {text(Msg::GameAddressUsedSubject, {{"from", shown}}), text(Msg::GameAddressUsedNotice, {{"from", shown}})};
}

}  // namespace pbem::server
