#include "server/records/record_files.h"

#include "server/records/json_record.h"
#include "server/records/sgf_record.h"

namespace pbem::server {

std::vector<mail::Attachment> record_files(const RecordSource& source) {
  const std::string stem = source.game.type + "-" + std::to_string(source.game.id);
  return {{stem + ".sgf", kSgfContentType, sgf_record(source)},
          {stem + ".json", kJsonContentType, json_record_text(source)}};
}

}  // namespace pbem::server
