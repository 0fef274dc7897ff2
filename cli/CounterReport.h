// `perfglass-cli report --view counters`: the counter lines of a session (analysis/CounterLines, the values
// the GUI's counter charts draw) as text or JSON.
//
// JSON: {"start": NS, "series": [{"event": "task-clock", "line": "thread 1234 (name)" | "CPU 0" |
// "process 1234 (name), all threads", "unit": "busy" | "cpus-utilized" | "per-second", "kind": "cpu" |
// "thread" | "process" | "all", "cpu": N, "tid": N, "points": [[END, VALUE], ...], "running": [[END,
// SHARE], ...] (only when multiplexed)}]}, END in seconds since the first interval began.
#pragma once

#include "analysis/CounterLines.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace perfglass::cli {

nlohmann::json counterLinesToJson(const CounterLines &lines);
void printCounterLines(std::FILE *out, const CounterLines &lines);

} // namespace perfglass::cli
