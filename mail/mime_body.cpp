#include "mail/mime_body.h"

#include "mail/format_flowed.h"
#include "mail/gmime_support.h"
#include "mail/html_to_text.h"
#include "mail/text_decoding.h"

namespace pbem::mail::detail {
namespace {

struct TextCandidates {
  GMimePart* plain = nullptr;
  GMimePart* html = nullptr;
};

bool is_inline_text_part(GMimePart* part) {
  return g_mime_part_is_attachment(part) == FALSE && g_mime_part_get_filename(part) == nullptr;
}

void collect_text_parts(GMimeObject* object, TextCandidates& found) {
  if (object == nullptr) return;
  if (GMIME_IS_MULTIPART_ENCRYPTED(object)) return;  // unreadable without keys
  if (GMIME_IS_MULTIPART(object)) {
    GMimeMultipart* multipart = GMIME_MULTIPART(object);
    int count = g_mime_multipart_get_count(multipart);
    // multipart/signed: part 0 is the content, part 1 the signature.
    if (GMIME_IS_MULTIPART_SIGNED(object) && count > 1) count = 1;
    for (int i = 0; i < count; ++i) collect_text_parts(g_mime_multipart_get_part(multipart, i), found);
    return;
  }
  if (!GMIME_IS_PART(object)) return;  // message/rfc822 and other containers are not the text
  GMimePart* part = GMIME_PART(object);
  if (!is_inline_text_part(part)) return;
  GMimeContentType* type = g_mime_object_get_content_type(object);
  if (found.plain == nullptr && g_mime_content_type_is_type(type, "text", "plain")) found.plain = part;
  if (found.html == nullptr && g_mime_content_type_is_type(type, "text", "html")) found.html = part;
}

// The part's content with its transfer encoding (base64, quoted-printable) removed.
std::string transfer_decoded_bytes(GMimePart* part) {
  GMimeDataWrapper* content = g_mime_part_get_content(part);
  if (content == nullptr) return {};
  auto stream = adopt_gobject(g_mime_stream_mem_new());
  if (g_mime_data_wrapper_write_to_stream(content, stream.get()) < 0) return {};
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(stream.get()));
  if (bytes == nullptr || bytes->len == 0) return {};
  return std::string(reinterpret_cast<const char*>(bytes->data), bytes->len);
}

std::string lower_parameter(GMimePart* part, const char* name) {
  std::string value = to_string_or_empty(g_mime_object_get_content_type_parameter(GMIME_OBJECT(part), name));
  for (char& c : value) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return value;
}

std::string decoded_text(GMimePart* part) {
  const std::string charset = lower_parameter(part, "charset");
  return normalize_newlines(decode_to_utf8(transfer_decoded_bytes(part), charset));
}

}  // namespace

std::string extract_body_text(GMimeObject* mime_root) {
  TextCandidates found;
  collect_text_parts(mime_root, found);
  if (found.plain != nullptr) {
    std::string text = cut_at_utf8_boundary(decoded_text(found.plain), kMaxBodyTextBytes);
    if (lower_parameter(found.plain, "format") == "flowed") {
      text = decode_format_flowed(text, lower_parameter(found.plain, "delsp") == "yes");
    }
    return text;
  }
  if (found.html != nullptr) return html_to_text(decoded_text(found.html), kMaxBodyTextBytes);
  return {};
}

}  // namespace pbem::mail::detail
