#include "mail/outgoing_message.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include "mail/address.h"
#include "mail/gmime_support.h"
#include "mail/subject.h"

namespace pbem::mail {
namespace {

using detail::adopt_gobject;
using detail::GObjectPtr;

constexpr std::size_t kMaxMessageIdLength = 250;
constexpr std::size_t kMaxSevenBitLineLength = 77;  // "lines < 78 columns"
constexpr std::size_t kMaxLineLength = 998;          // RFC 5322, without the CRLF

struct FormatOptionsFree {
  void operator()(GMimeFormatOptions* options) const noexcept { g_mime_format_options_free(options); }
};

struct DateTimeUnref {
  void operator()(GDateTime* date) const noexcept { g_date_time_unref(date); }
};

// Valid UTF-8 without NUL bytes (which no header or text/plain body may carry).
std::string valid_utf8(const std::string& input) {
  std::string text;
  for (char c : input) {
    if (c != '\0') text += c;
  }
  if (g_utf8_validate(text.data(), static_cast<gssize>(text.size()), nullptr)) return text;
  detail::GCharPtr repaired(g_utf8_make_valid(text.data(), static_cast<gssize>(text.size())));
  return repaired.get();
}

std::string trim_blanks(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

// Runs of blanks become one: GMime folds only at blanks and writes a run of them as it
// is, so 2,000 blanks in a row would make one header line of 2,000 octets.
std::string single_blanks(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' && !out.empty() && out.back() == ' ') continue;
    out += c;
  }
  return out;
}

// A header value on one line: valid UTF-8, controls (CR/LF included) turned into blanks,
// no runs of blanks.
std::string one_line(const std::string& text) {
  return trim_blanks(single_blanks(unfold_header_text(valid_utf8(text))));
}

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string require_address(const std::string& text, const char* role) {
  if (auto address = normalize_address(text)) {
    // An internationalised address (RFC 6531) could only be written as raw 8-bit header
    // bytes, which needs SMTPUTF8 end to end; the server does not send that.
    if (!is_ascii(*address)) {
      throw std::invalid_argument(std::string("compose: ") + role + " \"" + one_line(text) +
                                  "\" has non-ASCII characters, which mail headers cannot carry without SMTPUTF8");
    }
    return *address;
  }
  throw std::invalid_argument(std::string("compose: ") + role + " is not a plausible address: \"" +
                              one_line(text) + "\"");
}

// RFC 5322 atext plus '.' and '@': what a dot-atom msg-id ("left@right") is made of.
bool is_message_id_char(char c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-/=?^_`{|}~.@").find(c) != std::string_view::npos;
}

// The id with every character outside a dot-atom msg-id removed (blanks, line breaks,
// brackets, ':' ...), or nullopt when what is left is not "left@right" of sane length.
std::optional<std::string> clean_message_id(const std::string& id) {
  std::string cleaned;
  for (char c : id) {
    if (is_message_id_char(c)) cleaned += c;
  }
  const auto at = cleaned.find('@');
  if (at == std::string::npos || at == 0 || at + 1 == cleaned.size() ||
      cleaned.find('@', at + 1) != std::string::npos || cleaned.size() > kMaxMessageIdLength) {
    return std::nullopt;
  }
  return cleaned;
}

// The body as LF-terminated valid UTF-8 (CRLF or lone CR from the caller become LF).
std::string normalized_body(const std::string& text) {
  std::string out;
  const std::string utf8 = valid_utf8(text);
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    if (utf8[i] == '\r') {
      out += '\n';
      if (i + 1 < utf8.size() && utf8[i + 1] == '\n') ++i;
    } else {
      out += utf8[i];
    }
  }
  return out;
}

// 7bit is only safe (and readable as-is) for short ASCII lines; the boundary check keeps
// a text that happens to contain the boundary from ending its part early (quoted-printable
// encodes the boundary's '=' so it can never match there).
bool fits_seven_bit(const std::string& text, const std::string& boundary) {
  std::size_t column = 0;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      column = 0;
      continue;
    }
    if (byte >= 0x80 || byte == 0x7f || (byte < 0x20 && c != '\t')) return false;
    if (++column > kMaxSevenBitLineLength) return false;
  }
  return text.find(boundary) == std::string::npos;
}

GObjectPtr<GMimePart> text_part(const char* subtype, const std::string& utf8, const std::string& boundary) {
  auto part = adopt_gobject(GMIME_PART(g_mime_text_part_new_with_subtype(subtype)));
  auto stream = adopt_gobject(g_mime_stream_mem_new_with_buffer(
      utf8.data(), utf8.size()));
  auto content = adopt_gobject(g_mime_data_wrapper_new_with_stream(stream.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(part.get(), content.get());
  g_mime_object_set_content_type_parameter(GMIME_OBJECT(part.get()), "charset", "utf-8");
  g_mime_part_set_content_encoding(part.get(), fits_seven_bit(utf8, boundary)
                                                   ? GMIME_CONTENT_ENCODING_7BIT
                                                   : GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
  return part;
}

// The picture as an inline image/png part (base64) named by its Content-ID.
GObjectPtr<GMimePart> picture_part(const std::string& png, const std::string& content_id) {
  auto part = adopt_gobject(g_mime_part_new_with_type("image", "png"));
  auto stream = adopt_gobject(g_mime_stream_mem_new_with_buffer(png.data(), png.size()));
  auto content = adopt_gobject(g_mime_data_wrapper_new_with_stream(stream.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(part.get(), content.get());
  g_mime_part_set_content_encoding(part.get(), GMIME_CONTENT_ENCODING_BASE64);
  g_mime_part_set_content_id(part.get(), content_id.c_str());
  g_mime_object_set_disposition(GMIME_OBJECT(part.get()), GMIME_DISPOSITION_INLINE);
  g_mime_part_set_filename(part.get(), "board.png");
  return part;
}

// A file as an attachment part, base64, its Content-Type header exactly as the caller wrote
// it (GMime would quote the parameters and add a name=), its file name on the disposition.
GObjectPtr<GMimePart> attachment_part(const Attachment& file) {
  auto type = adopt_gobject(g_mime_content_type_parse(nullptr, file.content_type.c_str()));
  if (!type) throw std::invalid_argument("compose: attachment content type \"" + one_line(file.content_type) + "\"");
  auto part = adopt_gobject(g_mime_part_new_with_type(g_mime_content_type_get_media_type(type.get()),
                                                      g_mime_content_type_get_media_subtype(type.get())));
  auto stream = adopt_gobject(g_mime_stream_mem_new_with_buffer(file.data.data(), file.data.size()));
  auto content = adopt_gobject(g_mime_data_wrapper_new_with_stream(stream.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(part.get(), content.get());
  g_mime_part_set_content_encoding(part.get(), GMIME_CONTENT_ENCODING_BASE64);
  g_mime_object_set_disposition(GMIME_OBJECT(part.get()), GMIME_DISPOSITION_ATTACHMENT);
  g_mime_object_set_content_disposition_parameter(GMIME_OBJECT(part.get()), "filename", one_line(file.filename).c_str());
  g_mime_object_set_header(GMIME_OBJECT(part.get()), "Content-Type", one_line(file.content_type).c_str(), nullptr);
  return part;
}

void add_mailbox(GMimeMessage* message, GMimeAddressType type, const std::string& name,
                 const std::string& address) {
  auto mailbox = adopt_gobject(internet_address_mailbox_new(name.c_str(), address.c_str()));
  internet_address_set_charset(mailbox.get(), "utf-8");
  internet_address_list_add(g_mime_message_get_addresses(message, type), mailbox.get());
}

void set_date(GMimeMessage* message, std::chrono::system_clock::time_point date) {
  const auto seconds = std::chrono::floor<std::chrono::seconds>(date.time_since_epoch()).count();
  std::unique_ptr<GDateTime, DateTimeUnref> utc(g_date_time_new_from_unix_utc(static_cast<gint64>(seconds)));
  if (!utc) throw std::invalid_argument("compose: date is out of range");
  g_mime_message_set_date(message, utc.get());
}

std::string bracketed_ids(const std::vector<std::string>& ids) {
  std::string value;
  for (const auto& id : ids) {
    if (!value.empty()) value += ' ';
    value += '<' + id + '>';
  }
  return value;
}

// The last line of defence for RFC 5322 section 2.1.1 and 2.2: no header line longer than
// 998 octets and no 8-bit byte anywhere in the header section, whatever GMime did.
void require_sendable_header(std::string_view message) {
  const auto header_end = message.find("\r\n\r\n");
  const std::string_view header = message.substr(0, header_end);
  std::size_t line_start = 0;
  while (line_start <= header.size()) {
    auto line_end = header.find("\r\n", line_start);
    if (line_end == std::string_view::npos) line_end = header.size();
    const std::string_view line = header.substr(line_start, line_end - line_start);
    if (line.size() > kMaxLineLength) {
      throw std::invalid_argument("compose: a header line would be " + std::to_string(line.size()) +
                                  " octets long, over the limit of " + std::to_string(kMaxLineLength));
    }
    if (!is_ascii(line)) throw std::invalid_argument("compose: a header line would carry raw 8-bit bytes");
    line_start = line_end + 2;
  }
}

}  // namespace

std::string header_text(const std::string& text) { return one_line(text); }

std::string boundary_for(const std::string& message_id) {
  // FNV-1a: stable across platforms and runs, unlike std::hash. "=_" cannot occur in
  // quoted-printable output, which is why many mailers start boundaries with it.
  std::uint64_t hash = 14695981039346656037ULL;
  for (char c : message_id) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::string("=_pbem_") + hex;
}

std::string picture_content_id(const std::string& message_id) { return "board." + message_id; }

std::string compose(const OutgoingMessage& msg) {
  detail::ensure_gmime_initialized();

  const std::string from_address = require_address(msg.from_address, "from_address");
  if (msg.to.empty()) throw std::invalid_argument("compose: no recipient in 'to'");
  std::vector<std::string> recipients;
  for (const auto& to : msg.to) recipients.push_back(require_address(to, "a 'to' address"));

  const auto message_id = clean_message_id(msg.message_id);
  if (!message_id) {
    throw std::invalid_argument("compose: message_id \"" + one_line(msg.message_id) +
                                "\" is not left@right of at most " + std::to_string(kMaxMessageIdLength) +
                                " characters once cleaned");
  }
  std::vector<std::string> references;
  for (const auto& id : msg.references) {
    if (auto cleaned = clean_message_id(id)) references.push_back(std::move(*cleaned));
  }
  const auto in_reply_to = clean_message_id(msg.in_reply_to);
  const std::string subject = one_line(msg.subject);
  const std::string text = normalized_body(msg.text);
  const std::string boundary = boundary_for(*message_id);

  auto message = adopt_gobject(g_mime_message_new(FALSE));
  GMimeObject* headers = GMIME_OBJECT(message.get());
  set_date(message.get(), msg.date);
  add_mailbox(message.get(), GMIME_ADDRESS_TYPE_FROM, one_line(msg.from_name), from_address);
  for (const auto& to : recipients) add_mailbox(message.get(), GMIME_ADDRESS_TYPE_TO, "", to);
  if (!msg.reply_to.empty())
    add_mailbox(message.get(), GMIME_ADDRESS_TYPE_REPLY_TO, "", require_address(msg.reply_to, "reply_to"));
  g_mime_message_set_subject(message.get(), subject.c_str(), "utf-8");
  // Set by name (not g_mime_message_set_message_id) so the field is spelled "Message-ID"
  // as RFC 5322 writes it; GMime still recognises it as the message id.
  g_mime_object_set_header(headers, "Message-ID", ('<' + *message_id + '>').c_str(), nullptr);
  if (in_reply_to) g_mime_object_set_header(headers, "In-Reply-To", ('<' + *in_reply_to + '>').c_str(), nullptr);
  if (!references.empty()) {
    g_mime_object_set_header(headers, "References", bracketed_ids(references).c_str(), nullptr);
  }
  g_mime_object_set_header(headers, "MIME-Version", "1.0", nullptr);
  g_mime_object_set_header(headers, "Auto-Submitted", "auto-replied", nullptr);
  if (!msg.list_unsubscribe.empty())
    g_mime_object_set_header(headers, "List-Unsubscribe",
                             ("<mailto:" + require_address(msg.list_unsubscribe, "list_unsubscribe") + ">").c_str(),
                             nullptr);

  auto alternative = adopt_gobject(g_mime_multipart_new_with_subtype("alternative"));
  g_mime_multipart_set_boundary(alternative.get(), boundary.c_str());
  auto plain = text_part("plain", text, boundary);
  g_mime_multipart_add(alternative.get(), GMIME_OBJECT(plain.get()));
  // The caller's offsets are into msg.text; into `text` when normalising changed it (CR LF,
  // NUL, invalid UTF-8: the text before an offset normalised is the text before it).
  const auto offset = [&](std::size_t at) {
    at = std::min(at, msg.text.size());
    return text == msg.text ? at : normalized_body(msg.text.substr(0, at)).size();
  };
  std::vector<TextRange> boards;
  for (const TextRange& board : msg.boards) boards.push_back({offset(board.begin), offset(board.end)});
  if (msg.pictures.empty()) {
    auto html = text_part("html", html_page(subject, text, boards, {}, msg.links), boundary);
    g_mime_multipart_add(alternative.get(), GMIME_OBJECT(html.get()));
  } else {
    auto related = adopt_gobject(g_mime_multipart_new_with_subtype("related"));
    g_mime_multipart_set_boundary(related.get(), (boundary + "_related").c_str());
    g_mime_object_set_content_type_parameter(GMIME_OBJECT(related.get()), "type", "text/html");
    // The first picture's Content-ID is picture_content_id's; the others are numbered.
    std::vector<PagePicture> refs;
    for (std::size_t n = 0; n < msg.pictures.size(); ++n)
      refs.push_back({offset(msg.pictures[n].at), n == 0 ? picture_content_id(*message_id)
                                                         : "board" + std::to_string(n + 1) + "." + *message_id});
    auto html = text_part("html", html_page(subject, text, boards, refs, msg.links), boundary);
    g_mime_multipart_add(related.get(), GMIME_OBJECT(html.get()));
    for (std::size_t n = 0; n < msg.pictures.size(); ++n) {
      auto picture = picture_part(msg.pictures[n].png, refs[n].content_id);
      g_mime_multipart_add(related.get(), GMIME_OBJECT(picture.get()));
    }
    g_mime_multipart_add(alternative.get(), GMIME_OBJECT(related.get()));
  }
  if (msg.attachments.empty()) {
    g_mime_message_set_mime_part(message.get(), GMIME_OBJECT(alternative.get()));
  } else {
    auto mixed = adopt_gobject(g_mime_multipart_new_with_subtype("mixed"));
    g_mime_multipart_set_boundary(mixed.get(), (boundary + "_mixed").c_str());
    g_mime_multipart_add(mixed.get(), GMIME_OBJECT(alternative.get()));
    for (const Attachment& file : msg.attachments) {
      auto part = attachment_part(file);
      g_mime_multipart_add(mixed.get(), GMIME_OBJECT(part.get()));
    }
    g_mime_message_set_mime_part(message.get(), GMIME_OBJECT(mixed.get()));
  }

  std::unique_ptr<GMimeFormatOptions, FormatOptionsFree> format(g_mime_format_options_new());
  g_mime_format_options_set_newline_format(format.get(), GMIME_NEWLINE_FORMAT_DOS);
  detail::GCharPtr bytes(g_mime_object_to_string(GMIME_OBJECT(message.get()), format.get()));
  if (!bytes) throw std::runtime_error("compose: GMime could not serialise the message");
  std::string composed(bytes.get());
  require_sendable_header(composed);
  return composed;
}

}  // namespace pbem::mail
