// JSON renderings of analysis results (perfglass-cli report --format json). Costs are raw numbers in the
// cost unit, with percentages of the total next to them; trees nest children under "children".
// Inline frames: tree nodes and caller/callee entries carry "inlined" (true for an inline frame). Flat
// entries carry "self" as perf counts it (inlined code charged to the function it was inlined into),
// "inlinedSelf" (the function's own code where it was inlined into others) and "inlined" (true when every
// frame of the function was an inline frame).
#pragma once

#include "TextReport.h"
#include "analysis/CallTree.h"
#include "analysis/CallerCallee.h"
#include "analysis/FlatProfile.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace perfglass::cli {

nlohmann::json treeToJson(const CallTree &tree, const std::string &eventName,
                          const TextReportOptions &options);
// TREE's root as a frame named LABEL (a host in a report of several sessions), with FILE, percentages of
// options.total.
nlohmann::json hostTreeToJson(const CallTree &tree, const std::string &label, const std::string &file,
                              const TextReportOptions &options);
nlohmann::json flatToJson(const Profile &profile, const FlatProfile &flat, const std::string &eventName,
                          const TextReportOptions &options);
nlohmann::json callerCalleeToJson(const Profile &profile, const CallerCallee &result,
                                  const std::string &eventName, const TextReportOptions &options);
void printJson(std::FILE *out, const nlohmann::json &json);

} // namespace perfglass::cli
