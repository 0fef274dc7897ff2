#include "DiffReport.h"

#include "base/TextUtil.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace perfglass::cli {

namespace {

double percent(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

std::string value(double v, const DiffScale &scale) {
    return scale.normalize == DiffNormalize::Share ? fmt::format("{:9.2f}%", v) : fmt::format("{:9.4f}s", v);
}

std::string delta(double v, const DiffScale &scale) {
    return scale.normalize == DiffNormalize::Share ? fmt::format("{:+9.2f}%", v)
                                                   : fmt::format("{:+9.4f}s", v);
}

const char *normalizeName(DiffNormalize normalize) {
    return normalize == DiffNormalize::Share ? "share" : "time";
}

nlohmann::json sideJson(const DiffSideInfo &side) {
    return {{"file", side.file}, {"event", side.event}, {"samples", side.samples}, {"total", side.total}};
}

// The children of NODE to show: either side's inclusive share at least minPercent, in the order asked for,
// at most limit of them.
std::vector<uint32_t> shownChildren(const CallTreeDiff &diff, uint32_t node,
                                    const DiffReportOptions &options) {
    const DiffScale scale = diff.scale(options.normalize);
    std::vector<uint32_t> shown;
    for (uint32_t child : diff.node(node).children) {
        const DiffTreeNode &n = diff.node(child);
        if (std::max(percent(n.baseline.inclusive, diff.baselineTotal()),
                     percent(n.comparison.inclusive, diff.comparisonTotal())) >= options.text.minPercent)
            shown.push_back(child);
    }
    auto key = [&](uint32_t index) {
        const DiffTreeNode &n = diff.node(index);
        if (options.sort == DiffSort::Baseline) return scale.baseline(n.baseline.inclusive);
        if (options.sort == DiffSort::Comparison) return scale.comparison(n.comparison.inclusive);
        return std::abs(scale.delta(n.baseline.inclusive, n.comparison.inclusive));
    };
    std::stable_sort(shown.begin(), shown.end(), [&](uint32_t a, uint32_t b) { return key(a) > key(b); });
    if (options.text.limit > 0 && shown.size() > options.text.limit) shown.resize(options.text.limit);
    return shown;
}

std::string nodeLabel(const CallTreeDiff &diff, uint32_t index) {
    return fmt::format("{}{}  {}", diff.functionName(index), diff.node(index).inlined ? " [inlined]" : "",
                       bracketedModule(diff.moduleName(index)));
}

void printNode(std::FILE *out, const CallTreeDiff &diff, uint32_t index, const std::string &prefix, bool last,
               const DiffReportOptions &options) {
    const DiffScale scale = diff.scale(options.normalize);
    const DiffTreeNode &node = diff.node(index);
    fmt::print(out, "{}  {}  {}  {}{}{}\n", value(scale.baseline(node.baseline.inclusive), scale),
               value(scale.comparison(node.comparison.inclusive), scale),
               delta(scale.delta(node.baseline.inclusive, node.comparison.inclusive), scale), prefix,
               last ? "└─ " : "├─ ", nodeLabel(diff, index));
    const std::vector<uint32_t> shown = shownChildren(diff, index, options);
    const std::string childPrefix = prefix + (last ? "   " : "│  ");
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, diff, shown[i], childPrefix, i + 1 == shown.size(), options);
}

nlohmann::json nodeJson(const CallTreeDiff &diff, uint32_t index, const DiffReportOptions &options) {
    const DiffScale scale = diff.scale(options.normalize);
    const DiffTreeNode &node = diff.node(index);
    nlohmann::json json = nlohmann::json::object();
    if (index != CallTreeDiff::kRoot) {
        json["function"] = diff.functionName(index);
        json["module"] = diff.moduleName(index);
        json["inlined"] = node.inlined;
    }
    const bool share = options.normalize == DiffNormalize::Share;
    json[share ? "baselinePercent" : "baselineSeconds"] = scale.baseline(node.baseline.inclusive);
    json[share ? "comparisonPercent" : "comparisonSeconds"] = scale.comparison(node.comparison.inclusive);
    json["delta"] = scale.delta(node.baseline.inclusive, node.comparison.inclusive);
    json["baseline"] = {{"self", node.baseline.self}, {"inclusive", node.baseline.inclusive}};
    json["comparison"] = {{"self", node.comparison.self}, {"inclusive", node.comparison.inclusive}};
    nlohmann::json children = nlohmann::json::array();
    for (uint32_t child : shownChildren(diff, index, options))
        children.push_back(nodeJson(diff, child, options));
    json["children"] = std::move(children);
    return json;
}

} // namespace

void printDiffHeader(std::FILE *out, const DiffSideInfo &baseline, const DiffSideInfo &comparison,
                     const DiffReportOptions &options) {
    fmt::print(out, "# baseline:   {}, {} samples of {}\n", baseline.file, baseline.samples, baseline.event);
    fmt::print(out, "# comparison: {}, {} samples of {}\n", comparison.file, comparison.samples,
               comparison.event);
    if (options.normalize == DiffNormalize::Share)
        fmt::print(out,
                   "# in percent of each session's total; delta: comparison minus baseline, in points\n");
    else
        fmt::print(out, "# in seconds; delta: comparison minus baseline\n");
}

void printFlatDiff(std::FILE *out, const FlatDiff &diff, const DiffReportOptions &options) {
    const DiffScale scale = diff.scale(options.normalize);
    fmt::print(out, "{:>10}  {:>10}  {:>10}  {}\n", "Baseline", "Comparison", "Delta",
               "Function  [module]  (self)");
    size_t rows = 0;
    for (const FunctionDiff &function : diff.functions) {
        if (function.baseline.self == 0 && function.comparison.self == 0) continue;
        if (options.text.limit > 0 && rows++ >= options.text.limit) break;
        fmt::print(out, "{}  {}  {}  {}  {}\n", value(scale.baseline(function.baseline.self), scale),
                   value(scale.comparison(function.comparison.self), scale),
                   delta(scale.delta(function.baseline.self, function.comparison.self), scale),
                   function.function, bracketedModule(function.module));
    }
}

void printTreeDiff(std::FILE *out, const CallTreeDiff &diff, const DiffReportOptions &options) {
    fmt::print(out, "{:>10}  {:>10}  {:>10}  {}\n", "Baseline", "Comparison", "Delta",
               diff.kind() == CallTree::Kind::TopDown ? "Call path (inclusive)"
                                                      : "Function, callers (inclusive)");
    const std::vector<uint32_t> shown = shownChildren(diff, CallTreeDiff::kRoot, options);
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, diff, shown[i], "", i + 1 == shown.size(), options);
}

nlohmann::json flatDiffToJson(const FlatDiff &diff, const DiffSideInfo &baseline,
                              const DiffSideInfo &comparison, const DiffReportOptions &options) {
    const DiffScale scale = diff.scale(options.normalize);
    const bool share = options.normalize == DiffNormalize::Share;
    nlohmann::json functions = nlohmann::json::array();
    for (const FunctionDiff &function : diff.functions) {
        if (function.baseline.self == 0 && function.comparison.self == 0) continue;
        if (options.text.limit > 0 && functions.size() >= options.text.limit) break;
        functions.push_back(
            {{"function", function.function},
             {"module", function.module},
             {share ? "baselinePercent" : "baselineSeconds", scale.baseline(function.baseline.self)},
             {share ? "comparisonPercent" : "comparisonSeconds", scale.comparison(function.comparison.self)},
             {"delta", scale.delta(function.baseline.self, function.comparison.self)},
             {"baselineSelf", function.baseline.self},
             {"comparisonSelf", function.comparison.self},
             {"baselineInclusive", function.baseline.inclusive},
             {"comparisonInclusive", function.comparison.inclusive}});
    }
    return {{"view", "flat"},
            {"normalize", normalizeName(options.normalize)},
            {"baseline", sideJson(baseline)},
            {"comparison", sideJson(comparison)},
            {"functions", std::move(functions)}};
}

nlohmann::json treeDiffToJson(const CallTreeDiff &diff, const DiffSideInfo &baseline,
                              const DiffSideInfo &comparison, const DiffReportOptions &options) {
    return {{"view", diff.kind() == CallTree::Kind::TopDown ? "top-down" : "bottom-up"},
            {"normalize", normalizeName(options.normalize)},
            {"baseline", sideJson(baseline)},
            {"comparison", sideJson(comparison)},
            {"root", nodeJson(diff, CallTreeDiff::kRoot, options)}};
}

} // namespace perfglass::cli
