#include "server/language/suggest.h"

#include <algorithm>

namespace pbem::server {

int edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance over three rows of the dynamic-programming table.
  const std::size_t n = b.size();
  std::vector<int> before(n + 1), previous(n + 1), current(n + 1);
  for (std::size_t j = 0; j <= n; ++j) previous[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= n; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    before.swap(previous);
    previous.swap(current);
  }
  return previous[n];
}

std::optional<std::string> closest_word(std::string_view word, const std::vector<std::string>& known) {
  constexpr int kMaxEdits = 2;
  std::optional<std::string> best;
  int best_distance = kMaxEdits + 1;
  for (const std::string& candidate : known) {
    const int distance = edit_distance(word, candidate);
    if (distance > 0 && distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace pbem::server
