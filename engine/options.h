// Challenge options as players write them (`-size=7 -swap`): parsed generically here,
// checked for meaning (ranges, conflicts) by each game's factory.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

// A bad challenge: unknown option, bad value, size out of range, conflicting options.
// The message is meant for the player and names what is accepted.
class OptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One option a game accepts. Flags are `-name`; valued options are `-name=<integer>`.
struct OptionSpec {
  std::string name;       // without the dash, lower case
  bool takes_integer = false;
  std::string help;       // one line, for `list` and `<game> help`
};

class Options {
 public:
  // Parses `args` against `accepted`; throws OptionError naming the accepted options.
  // Case-insensitive; each option at most once.
  static Options parse(std::string_view game, const std::vector<std::string>& args,
                       const std::vector<OptionSpec>& accepted);

  bool has(const std::string& name) const;
  std::optional<int> integer(const std::string& name) const;

  // The integer option `name` if given, else `fallback`; throws OptionError unless it lies in
  // [min, max]. `what` names the board for the message ("Y Gates").
  int integer_in_range(const std::string& name, int fallback, int min, int max,
                       std::string_view what) const;

  // Throws OptionError if more than one of `names` was given.
  void exclusive(const std::vector<std::string>& names) const;

 private:
  std::set<std::string> flags_;
  std::map<std::string, int> integers_;
};

// "-size=7 -swap" style help list: "-size=<n>, -swap".
std::string describe_options(const std::vector<OptionSpec>& accepted);

}  // namespace pbem
