#include "server/play/time_bank.h"

#include <optional>

#include "server/play/challenge_option_refusal.h"

namespace pbem::server {

namespace {

constexpr std::int64_t kHour = 3600;
constexpr std::int64_t kDay = 24 * kHour;
constexpr std::int64_t kMaxBank = 60 * kDay;

// "10" (days) or "36h" (hours) in seconds; nothing for anything else. At most four digits:
// a longer number is over any limit anyway and must not overflow.
std::optional<std::int64_t> duration_seconds(std::string_view text) {
  const bool hours = text.ends_with('h');
  if (hours) text.remove_suffix(1);
  if (text.empty() || text.size() > 4 || text.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  return std::stoll(std::string(text)) * (hours ? kHour : kDay);
}

}  // namespace

TimeBank parse_time_bank(std::string_view value) {
  using namespace challenge_option_refusal;
  const auto plus = value.find('+');
  if (plus == std::string_view::npos) throw ChallengeOptionError(BankWithoutIncrement{"-clock=" + std::string(value)});
  const auto bank = duration_seconds(value.substr(0, plus));
  const auto increment = duration_seconds(value.substr(plus + 1));
  if (!bank || !increment) throw ChallengeOptionError(BankNotDuration{"-clock=" + std::string(value)});
  if (*bank < kHour || *bank > kMaxBank) throw ChallengeOptionError(BankOutOfRange{std::string(value.substr(0, plus))});
  if (*increment > *bank) throw ChallengeOptionError(IncrementOverBank{std::string(value)});
  return TimeBank{std::string(value), *bank, *increment, {*bank, *bank}};
}

}  // namespace pbem::server
