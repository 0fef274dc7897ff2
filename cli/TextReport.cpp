#include "TextReport.h"

#include "base/TextUtil.h"

#include <fmt/format.h>

#include <algorithm>

namespace perfglass::cli {

namespace {

double percent(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

// The function's readable name when the options ask for them, else FULLNAME (also for synthetic functions).
const std::string &shownName(const std::string &fullName, FunctionId function,
                             const TextReportOptions &options) {
    if (!options.names || function >= options.names->size()) return fullName;
    return options.names->name(function);
}

// "name  [module]", with " [inlined]" after the name of an inline frame.
std::string frameLabel(const Profile &profile, const TransformedStacks &stacks, FunctionId function,
                       const TextReportOptions &options, bool inlined = false) {
    return fmt::format("{}{}  {}", shownName(stacks.functionName(profile, function), function, options),
                       inlined ? " [inlined]" : "",
                       bracketedModule(profile.moduleName(stacks.functionModule(profile, function))));
}

// A flat row of a function whose self cost is 0 because its code was inlined into others: says so, with the
// share of its own code. Rows with self cost keep the bare name (scripts compare it with perf report).
std::string inlinedNote(const FunctionCost &cost, uint64_t total) {
    if (cost.self != 0 || (cost.inlinedSelf == 0 && !cost.inlinedOnly)) return {};
    if (cost.inlinedSelf == 0) return " [inlined]";
    return fmt::format(" [inlined, own code {:.2f}%]", percent(cost.inlinedSelf, total));
}

std::vector<uint32_t> shownChildren(const CallTree &tree, const CallTreeNode &node,
                                    const TextReportOptions &options) {
    std::vector<uint32_t> shown;
    for (uint32_t child : node.children) {
        if (percent(tree.node(child).inclusive, percentBase(tree, options)) < options.minPercent)
            break; // children are sorted by cost
        if (options.limit > 0 && shown.size() >= options.limit) break;
        shown.push_back(child);
    }
    return shown;
}

void printNode(std::FILE *out, const CallTree &tree, uint32_t index, const std::string &prefix, bool last,
               const TextReportOptions &options) {
    const CallTreeNode &node = tree.node(index);
    const uint64_t total = percentBase(tree, options);
    fmt::print(out, "{:8.2f}% {:8.2f}%  {}{}{}\n", percent(node.inclusive, total), percent(node.self, total),
               prefix, last ? "└─ " : "├─ ",
               frameLabel(tree.profile(), tree.stacks(), node.function, options, node.inlined));
    const std::vector<uint32_t> shown = shownChildren(tree, node, options);
    const std::string childPrefix = prefix + (last ? "   " : "│  ");
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, tree, shown[i], childPrefix, i + 1 == shown.size(), options);
}

void printEntries(std::FILE *out, const Profile &profile, const CallerCallee &result,
                  const std::vector<CallerCalleeEntry> &entries, const TextReportOptions &options) {
    size_t rows = 0;
    for (const auto &entry : entries) {
        if (options.limit > 0 && rows++ >= options.limit) break;
        fmt::print(out, "{:8.2f}%  {}\n", percent(entry.cost, result.total),
                   frameLabel(profile, *result.stacks, entry.function, options, entry.inlined));
    }
    if (entries.empty()) fmt::print(out, "           (none)\n");
}

} // namespace

uint64_t percentBase(const CallTree &tree, const TextReportOptions &options) {
    return options.total != 0 ? options.total : tree.total();
}

void printTreeBelow(std::FILE *out, const std::string &label, const CallTree &tree,
                    const TextReportOptions &options, bool last) {
    fmt::print(out, "{:8.2f}% {:8.2f}%  {}{}\n", percent(tree.total(), percentBase(tree, options)), 0.0,
               last ? "└─ " : "├─ ", label);
    const std::vector<uint32_t> shown = shownChildren(tree, tree.node(CallTree::kRoot), options);
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, tree, shown[i], last ? "   " : "│  ", i + 1 == shown.size(), options);
}

void printHeader(std::FILE *out, const Profile &profile, const std::string &eventName, uint64_t sampleCount) {
    fmt::print(out, "# {} samples of {}", sampleCount, eventName);
    if (!profile.hostname.empty())
        fmt::print(out, ", recorded on {} ({})", profile.hostname, profile.osRelease);
    fmt::print(out, "\n");
    printDiagnostics(out, profile.diagnostics, {});
}

void printDiagnostics(std::FILE *out, const ProfileDiagnostics &diagnostics, const std::string &prefix) {
    if (diagnostics.lostSamples > 0)
        fmt::print(out, "# {}{} samples were lost (the ring buffer was full)\n", prefix,
                   diagnostics.lostSamples);
    if (diagnostics.samplesWithUnmappedFrames > 0)
        fmt::print(out, "# {}{} samples have frames outside every known mapping\n", prefix,
                   diagnostics.samplesWithUnmappedFrames);
    for (const auto &notice : diagnostics.notices)
        fmt::print(out, "# {}note: {}\n", prefix, notice.english());
}

void printTree(std::FILE *out, const CallTree &tree, const TextReportOptions &options) {
    if (tree.kind() == CallTree::Kind::TopDown) {
        printTopDown(out, tree, options);
        return;
    }
    fmt::print(
        out,
        "#\n# Inclusive     Self  Call tree (bottom-up: functions samples end in, then their callers)\n");
    const std::vector<uint32_t> shown = shownChildren(tree, tree.node(CallTree::kRoot), options);
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, tree, shown[i], "", i + 1 == shown.size(), options);
}

void printTopDown(std::FILE *out, const CallTree &tree, const TextReportOptions &options) {
    fmt::print(out, "#\n# Inclusive     Self  Call tree (top-down)\n");
    const CallTreeNode &root = tree.node(CallTree::kRoot);
    std::vector<uint32_t> shown;
    for (uint32_t child : root.children) {
        if (percent(tree.node(child).inclusive, percentBase(tree, options)) < options.minPercent) break;
        shown.push_back(child);
    }
    for (size_t i = 0; i < shown.size(); ++i)
        printNode(out, tree, shown[i], "", i + 1 == shown.size(), options);
}

void printFlat(std::FILE *out, const Profile &profile, const FlatProfile &flat,
               const TextReportOptions &options) {
    const bool anyInlined = std::any_of(flat.functions.begin(), flat.functions.end(), [](const auto &cost) {
        return cost.inlinedSelf > 0 || cost.inlinedOnly;
    });
    if (anyInlined)
        fmt::print(out,
                   "#\n# Self cost of inlined code goes to the function it was inlined into, as perf report "
                   "counts it.\n");
    fmt::print(out, "#\n#     Self  Inclusive  Function  [Module]\n");
    size_t rows = 0;
    for (const auto &cost : flat.functions) {
        if (options.limit > 0 && rows >= options.limit) break;
        if (options.limit == 0 && cost.self == 0 && cost.inlinedSelf == 0)
            continue; // without a limit, list the functions that have self cost or inlined code
        fmt::print(out, "{:8.2f}% {:9.2f}%  {}{}  {}\n", percent(cost.self, flat.total),
                   percent(cost.inclusive, flat.total),
                   shownName(flat.functionName(profile, cost.function), cost.function, options),
                   inlinedNote(cost, flat.total),
                   bracketedModule(profile.moduleName(flat.functionModule(profile, cost.function))));
        ++rows;
    }
}

void printCallerCallee(std::FILE *out, const Profile &profile, const CallerCallee &result,
                       const TextReportOptions &options) {
    fmt::print(out, "#\n# {}: self {:.2f}%, inclusive {:.2f}%",
               frameLabel(profile, *result.stacks, result.function, options),
               percent(result.self, result.total), percent(result.inclusive, result.total));
    if (result.inlinedSelf > 0)
        fmt::print(out, ", own code inlined into callers {:.2f}%", percent(result.inlinedSelf, result.total));
    fmt::print(out, "\n");
    fmt::print(out, "#\n# Callers (the function's inclusive cost through each)\n");
    printEntries(out, profile, result, result.callers, options);
    fmt::print(out, "#\n# Callees (their inclusive cost when called from the function)\n");
    printEntries(out, profile, result, result.callees, options);
}

} // namespace perfglass::cli
