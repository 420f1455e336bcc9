#include "server/storage/database_hold.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "server/storage/database.h"

namespace pbem::server {

namespace {

// Whether `fd` is still the file `path` names (a restore renames another file over it).
bool same_file(int fd, const std::filesystem::path& path) {
  struct stat open_file {}, named {};
  return ::fstat(fd, &open_file) == 0 && ::stat(path.c_str(), &named) == 0 && open_file.st_dev == named.st_dev &&
         open_file.st_ino == named.st_ino;
}

}  // namespace

DatabaseHold::DatabaseHold(const std::filesystem::path& database, Kind kind) {
  if (Database::is_postgres_uri(database.string()) || database == ":memory:") {
    held_ = true;
    return;
  }
  for (;;) {
    fd_ = ::open(database.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) {
      if (errno == ENOENT) {
        held_ = true;
        return;
      }
      throw DatabaseError(error_code::error, "cannot open " + database.string() + ": " + std::strerror(errno));
    }
    const int operation = kind == Kind::shared ? LOCK_SH : LOCK_EX | LOCK_NB;
    int result;
    while ((result = ::flock(fd_, operation)) != 0 && errno == EINTR) {
    }
    if (result != 0) {
      if (errno == EWOULDBLOCK) return;  // exclusive, and somebody serves the file
      throw DatabaseError(error_code::error, "cannot lock " + database.string() + ": " + std::strerror(errno));
    }
    if (same_file(fd_, database)) {
      held_ = true;
      return;
    }
    ::close(fd_);  // a restore replaced the file while this waited: hold the new one
    fd_ = -1;
  }
}

DatabaseHold::~DatabaseHold() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace pbem::server
