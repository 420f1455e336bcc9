#pragma once
// Reading a composed mail back with GMime (compose_picture_test.cpp,
// compose_attachment_test.cpp): the message, a part's media type and its decoded bytes.
#include <gmime/gmime.h>

#include <memory>
#include <string>

namespace pbem::mail::test {

struct Unref {
  void operator()(void* object) const { g_object_unref(object); }
};

inline std::unique_ptr<GMimeMessage, Unref> parsed_message(const std::string& raw) {
  std::unique_ptr<GMimeStream, Unref> stream(g_mime_stream_mem_new_with_buffer(raw.data(), raw.size()));
  std::unique_ptr<GMimeParser, Unref> parser(g_mime_parser_new_with_stream(stream.get()));
  return std::unique_ptr<GMimeMessage, Unref>(g_mime_parser_construct_message(parser.get(), nullptr));
}

// "type/subtype", without parameters.
inline std::string content_type_of(GMimeObject* object) {
  GMimeContentType* type = g_mime_object_get_content_type(object);
  return std::string(g_mime_content_type_get_media_type(type)) + "/" + g_mime_content_type_get_media_subtype(type);
}

// The part's content with its transfer encoding undone.
inline std::string decoded_content(GMimePart* part) {
  std::unique_ptr<GMimeStream, Unref> out(g_mime_stream_mem_new());
  g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(part), out.get());
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out.get()));
  return std::string(reinterpret_cast<const char*>(bytes->data), bytes->len);
}

}  // namespace pbem::mail::test
