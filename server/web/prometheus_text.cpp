#include "server/web/prometheus_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace pbem::server::web {

namespace {

bool letter_or_underscore(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// [a-zA-Z_:][a-zA-Z0-9_:]*
bool valid_metric_name(std::string_view name) {
  if (name.empty() || !(letter_or_underscore(name[0]) || name[0] == ':')) return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return letter_or_underscore(c) || digit(c) || c == ':'; });
}

// [a-zA-Z_][a-zA-Z0-9_]*, and names beginning with __ are Prometheus' own.
bool valid_label_name(std::string_view name) {
  if (name.empty() || !letter_or_underscore(name[0]) || name.starts_with("__")) return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return letter_or_underscore(c) || digit(c); });
}

}  // namespace

std::string PrometheusText::escaped_label_value(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string PrometheusText::escaped_help(std::string_view help) {
  std::string out;
  for (char c : help) {
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

void PrometheusText::family(std::string_view name, std::string_view type, std::string_view help) {
  if (!valid_metric_name(name)) throw std::invalid_argument("not a Prometheus metric name: " + std::string(name));
  if (type != "counter" && type != "gauge" && type != "untyped")
    throw std::invalid_argument("not a metric type written here: " + std::string(type));
  if (std::find(families_.begin(), families_.end(), name) != families_.end())
    throw std::invalid_argument("metric family written twice: " + std::string(name));
  families_.emplace_back(name);
  family_ = name;
  text_ += "# HELP " + family_ + " " + escaped_help(help) + "\n";
  text_ += "# TYPE " + family_ + " " + std::string(type) + "\n";
}

void PrometheusText::sample(const PrometheusLabels& labels, std::int64_t value) {
  sample_line(labels, std::to_string(value));
}

void PrometheusText::sample(const PrometheusLabels& labels, double value) {
  if (std::isnan(value)) return sample_line(labels, "NaN");
  if (std::isinf(value)) return sample_line(labels, value > 0 ? "+Inf" : "-Inf");
  char buffer[32];
  const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest exact form
  sample_line(labels, std::string_view(buffer, static_cast<std::size_t>(written.ptr - buffer)));
}

void PrometheusText::sample_line(const PrometheusLabels& labels, std::string_view value) {
  if (family_.empty()) throw std::logic_error("a Prometheus sample before its family");
  text_ += family_;
  if (!labels.empty()) {
    text_ += '{';
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const auto& [name, label_value] = labels[i];
      if (!valid_label_name(name)) throw std::invalid_argument("not a Prometheus label name: " + name);
      text_ += (i ? "," : "") + name + "=\"" + escaped_label_value(label_value) + "\"";
    }
    text_ += '}';
  }
  text_ += ' ';
  text_ += value;
  text_ += '\n';
}

}  // namespace pbem::server::web
