// A self-contained HTML page of the heat map (analysis/Heatmap) with a flame graph of the cells selected in
// it: no server, no network, no file beside it. The page holds the matrix and, per cell, the call stacks that
// ran in it (function-level, after the filter's transforms) with their samples and cost; its script
// (HeatmapHtmlScript.h) draws the heat map on a canvas, and the flame graph of the cells dragged across (a
// run in time order, as in the desktop application) or of the whole session. The page is well-formed XHTML:
// the data sits in <script type="application/json" id="heatmap-data"> with '<', '>' and '&' escaped as
// \u003c, \u003e, \u0026, the script in a CDATA section.
//
// Data: {"title", "unit", "event", "start" (ns), "columnNs", "bucketNs", "columns", "rows", "samples" (per
// cell, column-major), "cost" (per cell), "functions": [[name, "#rrggbb"]], "nodes": [[parent (-1:
// outermost), function]] (parents first), "cells": {"INDEX": [node, samples, cost, node, samples, cost,
// ...]}}, where node -1 is a sample with an empty stack.
#pragma once

#include "analysis/Heatmap.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace perfglass {

struct HeatmapHtmlOptions {
    std::string title = "Heat Map";
    std::string unit = "samples"; // the cost's unit: ns, events, samples
    HeatmapOptions heatmap;
};

class HeatmapHtmlExporter {
public:
    static nlohmann::json toJson(const Profile &profile, const SampleFilter &filter,
                                 const HeatmapHtmlOptions &options);
    static void write(const Profile &profile, const SampleFilter &filter, const HeatmapHtmlOptions &options,
                      std::ostream &out);
    // Throws Error naming the file when it cannot be written.
    static void writeFile(const Profile &profile, const SampleFilter &filter,
                          const HeatmapHtmlOptions &options, const std::string &path);
    // JSON text safe inside a <script> element of an XHTML page: '<', '>' and '&' as \u escapes.
    static std::string scriptSafe(const std::string &json);
};

} // namespace perfglass
