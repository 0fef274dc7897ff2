#include "HeatmapReport.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace perfglass::cli {

namespace {

// A duration in ns as ms or s, whichever reads better.
std::string durationText(uint64_t ns) {
    if (ns >= 1'000'000'000 && ns % 1'000'000'000 == 0) return fmt::format("{} s", ns / 1'000'000'000);
    return fmt::format("{:g} ms", static_cast<double>(ns) / 1e6);
}

nlohmann::json columnsOf(const Heatmap &map, bool cost) {
    nlohmann::json columns = nlohmann::json::array();
    for (size_t c = 0; c < map.columns(); ++c) {
        nlohmann::json column = nlohmann::json::array();
        for (size_t r = 0; r < map.rows(); ++r)
            column.push_back(cost ? map.cost({c, r}) : map.samples({c, r}));
        columns.push_back(std::move(column));
    }
    return columns;
}

} // namespace

nlohmann::json heatmapToJson(const Heatmap &map, const HeatmapReportHeader &header) {
    nlohmann::json json;
    json["event"] = header.event;
    json["unit"] = header.unit;
    json["start"] = map.origin();
    json["columnNs"] = map.columnNs();
    json["bucketNs"] = map.bucketNs();
    json["columns"] = map.columns();
    json["rows"] = map.rows();
    json["totalSamples"] = map.totalSamples();
    json["totalCost"] = map.totalCost();
    json["maxSamples"] = map.maxSamples();
    json["maxCost"] = map.maxCost();
    json["samples"] = columnsOf(map, false);
    json["cost"] = columnsOf(map, true);
    return json;
}

void printHeatmap(std::FILE *out, const Heatmap &map, const HeatmapReportHeader &header) {
    fmt::print(out, "# Heat map of {}: {} samples, cost {} {}\n", header.event, map.totalSamples(),
               map.totalCost(), header.unit);
    fmt::print(
        out,
        "# {} columns of {} (labelled in seconds since the first sample), {} rows of {} (labelled by their "
        "offset in the column, in ms)\n",
        map.columns(), durationText(map.columnNs()), map.rows(), durationText(map.bucketNs()));
    fmt::print(out, "# Samples per cell (most in one cell: {})\n", map.maxSamples());
    const double columnSeconds = static_cast<double>(map.columnNs()) / 1e9;
    std::vector<std::string> labels;
    size_t width = fmt::formatted_size("{}", map.maxSamples());
    for (size_t c = 0; c < map.columns(); ++c) {
        labels.push_back(fmt::format("{:g}", static_cast<double>(c) * columnSeconds));
        width = std::max(width, labels.back().size());
    }
    fmt::print(out, "{:>10}", "offset ms");
    for (const std::string &label : labels)
        fmt::print(out, " {:>{}}", label, width);
    fmt::print(out, "\n");
    for (size_t r = 0; r < map.rows(); ++r) {
        fmt::print(out, "{:>10g}", static_cast<double>(r * map.bucketNs()) / 1e6);
        for (size_t c = 0; c < map.columns(); ++c)
            fmt::print(out, " {:>{}}", map.samples({c, r}), width);
        fmt::print(out, "\n");
    }
}

} // namespace perfglass::cli
