#include "server/cli/database_access.h"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

namespace pbem::server {

namespace {

// "owned by root, mode 0644"
std::string owner_and_mode(const std::filesystem::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return "which cannot be read";
  const passwd* owner = ::getpwuid(info.st_uid);
  char mode[8];
  std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(info.st_mode & 07777));
  return "owned by " + (owner ? std::string(owner->pw_name) : "uid " + std::to_string(info.st_uid)) + ", mode " + mode;
}

}  // namespace

std::string running_user() {
  const uid_t uid = ::geteuid();
  const passwd* user = ::getpwuid(uid);
  return (user ? std::string(user->pw_name) : std::string("uid")) + " (uid " + std::to_string(uid) + ")";
}

std::vector<std::string> database_access_problems(const std::filesystem::path& file) {
  std::vector<std::string> problems;
  const std::filesystem::path directory = file.has_parent_path() ? file.parent_path() : ".";
  std::error_code error;
  if (!std::filesystem::exists(directory, error))
    problems.push_back("the directory " + directory.string() + " does not exist");
  else if (::access(directory.c_str(), W_OK | X_OK) != 0)
    problems.push_back("the directory " + directory.string() + " (" + owner_and_mode(directory) +
                       ") is not writable by " + running_user() + ", and SQLite makes its journal there");
  if (std::filesystem::exists(file, error) && ::access(file.c_str(), R_OK | W_OK) != 0)
    problems.push_back("the database " + file.string() + " (" + owner_and_mode(file) + ") is not writable by " +
                       running_user());
  return problems;
}

}  // namespace pbem::server
