// Whether the running user can write a SQLite database and the directory around it (the
// journal and WAL files are made beside it): a database `pbem init` made as root, piped
// into by Postfix as another user, otherwise fails with "attempt to write a readonly
// database" and the MTA retries for days (issue 32 item 3).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace pbem::server {

// "pbem (uid 998)"
std::string running_user();

// What the running user cannot do with the SQLite database at `file` (one sentence each,
// naming the file or directory, its owner and mode, and the user); empty when nothing is
// in the way. A file that does not exist yet needs a writable directory.
std::vector<std::string> database_access_problems(const std::filesystem::path& file);

}  // namespace pbem::server
