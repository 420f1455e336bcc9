// The words of a mail to one of the server's own addresses that carries no act
// (pipeline/reply_move.cpp, digest_reply.cpp, unsubscribe_mail.cpp): an address that is no
// game's, digest's or unsubscribe address here, or no longer valid; a reply with no move.
// Each refusal says only what the sender may know: never which part of an address was wrong.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

namespace pbem::server {

namespace address_refusal {
struct NotAGameAddress { std::string address; };
struct NotValidGameAddress { std::string address; std::int64_t game; };
struct GameAddressExpired { std::int64_t game; std::string type; };  // made before a password change
struct NotADigestAddress { std::string address; };
struct DigestAddressExpired {};
struct NotAnUnsubscribeAddress { std::string address; };
struct ReplyWithoutMove { std::int64_t game; };
struct ReplyFirstLineNoMove {};  // the line is not repeated: it may hold a password
struct DigestLineNoMove { std::size_t line; };
struct DigestReplyWithoutMove {};
}  // namespace address_refusal
using AddressRefusal =
    std::variant<address_refusal::NotAGameAddress, address_refusal::NotValidGameAddress,
                 address_refusal::GameAddressExpired, address_refusal::NotADigestAddress,
                 address_refusal::DigestAddressExpired, address_refusal::NotAnUnsubscribeAddress,
                 address_refusal::ReplyWithoutMove, address_refusal::ReplyFirstLineNoMove,
                 address_refusal::DigestLineNoMove, address_refusal::DigestReplyWithoutMove>;
// Why a mail to one of the server's addresses was not carried out.
std::string refusal_text(const AddressRefusal& why);

}  // namespace pbem::server
