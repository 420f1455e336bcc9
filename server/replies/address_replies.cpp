#include "server/replies/address_replies.h"

#include "server/catalogue/catalogue.h"
#include "server/support/overloaded.h"

namespace pbem::server {

std::string refusal_text(const AddressRefusal& why) {
  using namespace address_refusal;
  return std::visit(
      Overloaded{
          [](const NotAGameAddress& r) { return text(Msg::NotAGameAddress, {{"address", r.address}}); },
          [](const NotValidGameAddress& r) {
            return text(Msg::NotValidGameAddress, {{"address", r.address}, {"game", r.game}});
          },
          [](const GameAddressExpired& r) { return text(Msg::ReplyAddressExpired, {{"game", r.game}, {"type", r.type}}); },
          [](const NotADigestAddress& r) { return text(Msg::NotADigestAddress, {{"address", r.address}}); },
          [](const DigestAddressExpired&) { return text(Msg::DigestAddressExpired); },
          [](const NotAnUnsubscribeAddress& r) { return text(Msg::NotAnUnsubscribeAddress, {{"address", r.address}}); },
          [](const ReplyWithoutMove& r) { return text(Msg::ReplyWithoutMove, {{"game", r.game}}); },
          [](const ReplyFirstLineNoMove&) { return text(Msg::ReplyFirstLineNoMove); },
          [](const DigestLineNoMove& r) { return text(Msg::DigestLineNoMove, {{"line", r.line}}); },
          [](const DigestReplyWithoutMove&) { return text(Msg::DigestReplyWithoutMove); }},
      why);
}

}  // namespace pbem::server
