#pragma once
// Internal to mail/: a workaround for a GMime 3.2.13 bug (jstedfast/gmime issue #133, the
// version in Debian 12). GMime joins adjacent RFC 2047 encoded-words of the same charset
// before decoding them, and its base64 decoder stops at the '=' padding of the first
// word, so "=?UTF-8?B?SGVsbG8=?= =?UTF-8?B?IHdvcmxk?=" decodes to "Hello" instead of
// "Hello world". Clients such as Thunderbird, K-9 and Outlook routinely split long
// subjects and names into padded B-words like that.
//
// The repair rewrites every B-encoded word as the Q-encoded word of the same bytes and
// charset; GMime decodes Q-words correctly, including a multi-byte character split across
// two words. Decoding itself stays GMime's job. With a fixed GMime this is a harmless no-op
// in effect.
#include <string>
#include <string_view>

namespace pbem::mail::detail {

// `raw` (a raw header value) with each well-formed "=?charset?B?...?=" replaced by
// "=?charset?Q?...?="; everything else, including malformed words, is left untouched.
std::string rewrite_base64_words_as_q(std::string_view raw);

}  // namespace pbem::mail::detail
