#include "TextReport.h"

#include <fmt/format.h>

namespace perfglass::cli {

namespace {

double percent(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * part / total;
}

std::string frameLabel(const Profile &profile, FunctionId function) {
    const ModuleId module = profile.functions[function].module;
    return fmt::format("{}  [{}]", profile.functionName(function), profile.moduleName(module));
}

void printNode(std::FILE *out, const CallTree &tree, uint32_t index, const std::string &prefix, bool last,
               const TextReportOptions &options) {
    const CallTreeNode &node = tree.node(index);
    fmt::print(out, "{:8.2f}% {:8.2f}%  {}{}{}\n", percent(node.inclusive, tree.total()),
               percent(node.self, tree.total()), prefix, last ? "└─ " : "├─ ",
               frameLabel(tree.profile(), node.function));
    std::vector<uint32_t> shown;
    for (uint32_t child : node.children) {
        if (percent(tree.node(child).inclusive, tree.total()) < options.minPercent)
            break; // children are sorted by cost
        if (options.limit > 0 && shown.size() >= options.limit) break;
        shown.push_back(child);
    }
    const std::string childPrefix = prefix + (last ? "   " : "│  ");
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, tree, shown[i], childPrefix, i + 1 == shown.size(), options);
}

} // namespace

void printHeader(std::FILE *out, const Profile &profile, const std::string &eventName, uint64_t sampleCount) {
    fmt::print(out, "# {} samples of {}", sampleCount, eventName);
    if (!profile.hostname.empty())
        fmt::print(out, ", recorded on {} ({})", profile.hostname, profile.osRelease);
    fmt::print(out, "\n");
    const auto &diagnostics = profile.diagnostics;
    if (diagnostics.lostSamples > 0)
        fmt::print(out, "# {} samples were lost (the ring buffer was full)\n", diagnostics.lostSamples);
    if (diagnostics.samplesWithUnmappedFrames > 0)
        fmt::print(out, "# {} samples have frames outside every known mapping\n",
                   diagnostics.samplesWithUnmappedFrames);
    for (const auto &notice : diagnostics.notices)
        fmt::print(out, "# note: {}\n", notice);
}

void printTopDown(std::FILE *out, const CallTree &tree, const TextReportOptions &options) {
    fmt::print(out, "#\n# Inclusive     Self  Call tree (top-down)\n");
    const CallTreeNode &root = tree.node(CallTree::kRoot);
    std::vector<uint32_t> shown;
    for (uint32_t child : root.children) {
        if (percent(tree.node(child).inclusive, tree.total()) < options.minPercent) break;
        shown.push_back(child);
    }
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, tree, shown[i], "", i + 1 == shown.size(), options);
}

void printFlat(std::FILE *out, const Profile &profile, const FlatProfile &flat,
               const TextReportOptions &options) {
    fmt::print(out, "#\n#     Self  Inclusive  Function  [Module]\n");
    size_t rows = 0;
    for (const auto &cost : flat.functions) {
        if (options.limit > 0 && rows >= options.limit) break;
        if (cost.self == 0 && options.limit == 0)
            break; // without a limit, list the functions that have self cost
        fmt::print(out, "{:8.2f}% {:9.2f}%  {}  [{}]\n", percent(cost.self, flat.total),
                   percent(cost.inclusive, flat.total), profile.functionName(cost.function),
                   profile.moduleName(profile.functions[cost.function].module));
        ++rows;
    }
}

} // namespace perfglass::cli
