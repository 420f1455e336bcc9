// Prometheus' text exposition format, version 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/): a family's `# HELP` and
// `# TYPE` lines, then its samples, `name{label="value",...} value`, one a line. Names are
// checked (a wrong one is the program's mistake: std::invalid_argument); help texts and
// label values are escaped, so whatever they hold, each sample stays one line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pbem::server::web {

using PrometheusLabels = std::vector<std::pair<std::string, std::string>>;  // name, value

class PrometheusText {
 public:
  // Starts a family: `type` is counter, gauge or untyped; each name once.
  void family(std::string_view name, std::string_view type, std::string_view help);
  // A sample of the family last started, under its name.
  void sample(const PrometheusLabels& labels, std::int64_t value);
  void sample(const PrometheusLabels& labels, double value);

  const std::string& text() const { return text_; }

  // A label value between its quotes: \ " and line feed as \\ \" \n.
  static std::string escaped_label_value(std::string_view value);
  // A HELP text: \ and line feed as \\ \n (quotes stay).
  static std::string escaped_help(std::string_view help);

 private:
  void sample_line(const PrometheusLabels& labels, std::string_view value);
  std::string text_;
  std::string family_;               // the name samples are written under; "" before the first
  std::vector<std::string> families_;  // started so far, each allowed once
};

}  // namespace pbem::server::web
