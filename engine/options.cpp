#include "engine/options.h"

#include <charconv>

#include "engine/text.h"

namespace pbem {

namespace {

std::string spelled(const OptionSpec& spec) {
  return "-" + spec.name + (spec.takes_integer ? "=<n>" : "");
}

}  // namespace

std::string describe_options(const std::vector<OptionSpec>& accepted) {
  std::vector<std::string> names;
  for (const auto& spec : accepted) names.push_back(spelled(spec));
  return names.empty() ? "none" : join(names, ", ");
}

Options Options::parse(std::string_view game, const std::vector<std::string>& args,
                       const std::vector<OptionSpec>& accepted) {
  Options options;
  std::set<std::string> seen;
  for (const std::string& raw : args) {
    std::string arg = to_lower(trim(raw));
    if (arg.empty()) continue;
    if (arg.size() < 2 || arg[0] != '-')
      throw OptionError("option " + quoted_word(raw) + " must start with '-'; " + std::string(game) +
                        " accepts " + describe_options(accepted));
    std::string body = arg.substr(1);
    std::string name = body, value;
    bool has_value = false;
    if (auto eq = body.find('='); eq != std::string::npos) {
      name = body.substr(0, eq);
      value = body.substr(eq + 1);
      has_value = true;
    }
    const OptionSpec* spec = nullptr;
    for (const auto& candidate : accepted)
      if (candidate.name == name) spec = &candidate;
    if (!spec)
      throw OptionError("unknown option " + quoted_word("-" + name) + " for " + std::string(game) + "; accepted: " +
                        describe_options(accepted));
    if (!seen.insert(name).second) throw OptionError("option '-" + name + "' is given twice");
    if (spec->takes_integer) {
      int number = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
      if (!has_value || value.empty() || ec != std::errc{} || end != value.data() + value.size())
        throw OptionError("option '-" + name + "' needs a whole number, e.g. -" + name + "=7");
      options.integers_[name] = number;
    } else {
      if (has_value) throw OptionError("option '-" + name + "' takes no value");
      options.flags_.insert(name);
    }
  }
  return options;
}

bool Options::has(const std::string& name) const { return flags_.contains(name); }

std::optional<int> Options::integer(const std::string& name) const {
  auto it = integers_.find(name);
  if (it == integers_.end()) return std::nullopt;
  return it->second;
}

int Options::integer_in_range(const std::string& name, int fallback, int min, int max,
                              std::string_view what) const {
  int value = integer(name).value_or(fallback);
  if (value < min || value > max)
    throw OptionError(name + " " + std::to_string(value) + " is out of range for " +
                      std::string(what) + ": accepted " + std::to_string(min) + "-" +
                      std::to_string(max));
  return value;
}

void Options::exclusive(const std::vector<std::string>& names) const {
  std::vector<std::string> given;
  for (const auto& name : names)
    if (has(name)) given.push_back("-" + name);
  if (given.size() > 1)
    throw OptionError("options " + join(given, " and ") + " exclude each other; choose one");
}

}  // namespace pbem
