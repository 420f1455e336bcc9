#include "server/records/record_files.h"

#include "server/records/json_record.h"
#include "server/records/sgf_record.h"

namespace pbem::server {

namespace {
std::string stem_of(const RecordSource& source) { return source.game.type + "-" + std::to_string(source.game.id); }
}  // namespace

mail::Attachment sgf_file(const RecordSource& source) {
  return {stem_of(source) + ".sgf", kSgfContentType, sgf_record(source)};
}

std::vector<mail::Attachment> record_files(const RecordSource& source) {
  return {sgf_file(source), {stem_of(source) + ".json", kJsonContentType, json_record_text(source)}};
}

}  // namespace pbem::server
