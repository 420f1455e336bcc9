// /metrics on metrics.listen (docs/operating.md "Metrics"): the figures of
// storage/metric_counts.h in Prometheus' text format, for a scraper on a private address.
// Served by the same HTTP server as the web window (http_server.h), on its own listener;
// the window's own address never serves it.
#pragma once

#include <chrono>
#include <string>

#include "server/storage/database.h"
#include "server/storage/metric_counts.h"
#include "server/web/web_response.h"

namespace pbem::server::web {

// GET or HEAD /metrics (a query string changes nothing): the figures read now in one read
// transaction; any other path is 404, a database that cannot be read 500 (logged).
WebResponse metrics_response(Database& db, const WebRequest& request);

// The exposition of `figures` at `now` (the oldest queued mail's age is counted to it).
std::string metrics_text(const MetricsSnapshot& figures, std::chrono::system_clock::time_point now);

// Prometheus' content type for the text format.
inline constexpr const char* kMetricsContentType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace pbem::server::web
