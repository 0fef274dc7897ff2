// `perfglass-cli report --view heatmap`: the subsecond-offset heat map (analysis/Heatmap) as a matrix.
//
// Text: a header (event, unit, column width, bucket, totals), then one line per row (the offset within the
// column, in ms) with the samples of each column's cell. JSON: {"event", "unit", "start" (ns, the axis'
// origin on the session clock), "columnNs", "bucketNs", "columns", "rows", "totalSamples", "totalCost",
// "maxSamples", "maxCost", "samples": [[per row] per column], "cost": [[per row] per column]}.
#pragma once

#include "analysis/Heatmap.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace perfglass::cli {

struct HeatmapReportHeader {
    std::string event;
    std::string unit;
};

nlohmann::json heatmapToJson(const Heatmap &map, const HeatmapReportHeader &header);
void printHeatmap(std::FILE *out, const Heatmap &map, const HeatmapReportHeader &header);

} // namespace perfglass::cli
