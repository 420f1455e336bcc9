#pragma once
// RFC 3676 format=flowed decoding. Thunderbird and others send text/plain; format=flowed,
// soft-wrapping long paragraphs at ~72 columns with a trailing space on each wrapped line.
// Decoding joins those lines back, so a long command or chat paragraph arrives whole.
#include <string>
#include <string_view>

namespace pbem::mail {

// `text` uses LF line endings. A line ending in a space is joined with the next line of
// the same quote depth; space-stuffing (one leading space) is removed; with `delete_space`
// (delsp=yes) the trailing space of a flowed line is removed as well. The signature
// separator "-- " is never treated as flowed. Quoted lines keep their ">" markers,
// written as ">" * depth followed by one space.
std::string decode_format_flowed(std::string_view text, bool delete_space);

}  // namespace pbem::mail
