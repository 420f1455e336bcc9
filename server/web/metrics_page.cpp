#include "server/web/metrics_page.h"

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "server/support/log.h"
#include "server/web/prometheus_text.h"
#include "server/web/read_transaction.h"
#include "server/web/web_layout.h"
#include "server/web/web_routes.h"

namespace pbem::server::web {

namespace {

// One counter family: every label of its fixed set, 0 until first counted (so a rate()
// sees the first increase), then any other label the database holds for it.
void counter_family(PrometheusText& text, const MetricsSnapshot& figures, std::string_view name,
                    std::string_view help, std::string_view counter, std::string_view label_name,
                    std::span<const std::string_view> labels) {
  text.family(name, "counter", help);
  std::vector<std::string> written;
  for (std::string_view label : labels) {
    text.sample({{std::string(label_name), std::string(label)}}, figures.count(counter, label));
    written.emplace_back(label);
  }
  for (const auto& [key, value] : figures.counts)
    if (key.first == counter && std::find(written.begin(), written.end(), key.second) == written.end())
      text.sample({{std::string(label_name), key.second}}, value);
}

template <typename Kind, std::size_t N>
std::vector<std::string_view> labels_of(const Kind (&kinds)[N], std::string_view (*label)(Kind)) {
  std::vector<std::string_view> labels;
  for (Kind kind : kinds) labels.push_back(label(kind));
  return labels;
}

}  // namespace

std::string metrics_text(const MetricsSnapshot& figures, std::chrono::system_clock::time_point now) {
  PrometheusText text;
  text.family("pbem_inbox_pending_messages", "gauge", "Inbound messages stored and not yet processed.");
  text.sample({}, figures.inbox_pending);
  text.family("pbem_outbox_queued_messages", "gauge",
              "Outgoing mails not yet delivered, including those waiting to be tried again.");
  text.sample({}, figures.outbox_queued);
  double age = 0;
  if (figures.oldest_queued_at)
    age = std::max(0.0, std::chrono::duration<double>(now - *figures.oldest_queued_at).count());
  text.family("pbem_outbox_oldest_queued_age_seconds", "gauge",
              "Seconds since the oldest mail still queued was queued; 0 with the queue empty.");
  text.sample({}, age);
  counter_family(text, figures, "pbem_messages_processed_total",
                 "Inbound messages processed: carried out (processed), unreadable (failed) or machine mail (skipped).",
                 counter::kMessagesProcessed, "result", counter::kMessageResults);
  counter_family(text, figures, "pbem_commands_refused_total", "Commands refused, by reason.",
                 counter::kCommandsRefused, "reason", labels_of(kRefusals, refusal_label));
  counter_family(text, figures, "pbem_deliveries_total",
                 "Delivery attempts to the smarthost: delivered (sent), to be tried again (retry), given up (failed).",
                 counter::kDeliveries, "result", counter::kDeliveryResults);
  text.family("pbem_games", "gauge", "Games in progress (active) and ended (finished).");
  text.sample({{"state", "active"}}, figures.games_active);
  text.sample({{"state", "finished"}}, figures.games_finished);
  counter_family(text, figures, "pbem_clock_duties_total", "The clock's duties carried out.", counter::kClockDuties,
                 "duty", labels_of(kClockDutyKinds, clock_duty_label));
  text.family("pbem_reviews_waiting", "gauge", "The computer's reviews of finished games asked for and not yet made.");
  text.sample({}, figures.reviews_waiting);
  text.family("pbem_reviews_done_total", "counter", "The computer's reviews of finished games made and mailed.");
  text.sample({}, figures.count(counter::kReviews, "done"));
  return text.text();
}

WebResponse metrics_response(Database& db, const WebRequest& request) {
  if (auto refused = refuse_before_body(request.method, false)) return *refused;
  const std::string_view path = std::string_view(request.target).substr(0, request.target.find_first_of("?#"));
  if (path != "/metrics") return text_response(404, "Only /metrics is served here.");
  try {
    MetricsSnapshot figures;
    {
      ReadTransaction snapshot(db);
      figures = MetricCounts(db).read();
    }
    WebResponse response;
    response.content_type = kMetricsContentType;
    response.cache_control = "no-store";
    response.body = metrics_text(figures, std::chrono::system_clock::now());
    return response;
  } catch (const std::exception& e) {
    log_line("metrics: " + std::string(e.what()));
    return text_response(500, "The figures could not be read; the error is in the server's log.");
  }
}

}  // namespace pbem::server::web
