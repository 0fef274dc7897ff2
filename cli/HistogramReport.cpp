#include "HistogramReport.h"

#include "profile/ReadableNames.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace perfglass::cli {

namespace {

double percent(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

const char *columnTitle(SortKey key) {
    switch (key) {
    case SortKey::Comm:
        return "Command";
    case SortKey::Pid:
        return "Pid:Command";
    case SortKey::Tid:
        return "Tid:Command";
    case SortKey::Dso:
        return "Shared Object";
    case SortKey::Sym:
        return "Symbol";
    case SortKey::Cpu:
        return "CPU";
    case SortKey::Parallelism:
        return "Parallelism";
    }
    return "";
}

// A cell as perf report writes it: pid:comm, [k] or [.] before a symbol, CPUs as three digits.
std::string cell(const Profile &profile, const HistogramEntry &entry, SortKey key) {
    switch (key) {
    case SortKey::Comm:
        return profile.strings[entry.comm];
    case SortKey::Pid: // perf's pid key is the thread
        return fmt::format("{:>7}:{}", entry.tid, profile.strings[entry.comm]);
    case SortKey::Tid:
        return fmt::format("{:>7}:{}", entry.tid, profile.strings[entry.comm]);
    case SortKey::Dso:
        return profile.moduleName(entry.module);
    case SortKey::Sym:
        return fmt::format("[{}] {}", profile.modules[entry.module].kernel ? 'k' : '.',
                           perfSpelling(profile, entry.function)); // as perf names them
    case SortKey::Cpu:
        return fmt::format("{:03}", entry.cpu);
    case SortKey::Parallelism:
        return fmt::format("{:>11}", entry.parallelism);
    }
    return {};
}

// The latency cells of ENTRY (perf report --latency), or "".
std::string latencyCells(const SortedHistogram &histogram, const HistogramEntry &entry) {
    if (!histogram.latency) return {};
    const double self = percent(entry.latencySelf, histogram.latencyTotal);
    if (!histogram.children) return fmt::format("  {:6.2f}%", self);
    return fmt::format("  {:16.2f}%  {:12.2f}%", percent(entry.latencyChildren, histogram.latencyTotal),
                       self);
}

} // namespace

void printHistogram(std::FILE *out, const Profile &profile, const SortedHistogram &histogram,
                    double percentLimit, size_t limit) {
    std::vector<const HistogramEntry *> shown;
    for (const auto &entry : histogram.entries)
        if (percent(histogram.children ? entry.children : entry.self, histogram.total) >= percentLimit &&
            (limit == 0 || shown.size() < limit))
            shown.push_back(&entry);
    std::vector<std::vector<std::string>> cells;
    std::vector<size_t> widths;
    for (SortKey key : histogram.keys)
        widths.push_back(std::string_view(columnTitle(key)).size());
    for (const HistogramEntry *entry : shown) {
        auto &row = cells.emplace_back();
        for (size_t k = 0; k < histogram.keys.size(); ++k) {
            row.push_back(cell(profile, *entry, histogram.keys[k]));
            widths[k] = std::max(widths[k], row.back().size());
        }
    }
    std::string titles = histogram.children ? "# Children      Self" : "# Overhead";
    std::string dots = histogram.children ? "# ........  ........" : "# ........";
    if (histogram.latency) { // perf report --latency: the latency columns first
        titles = histogram.children ? "# Latency(children)  Latency(self)  Children      Self"
                                    : "# Latency  Overhead";
        dots = histogram.children ? "# .................  .............  ........  ........"
                                  : "# .......  ........";
    }
    for (size_t k = 0; k < histogram.keys.size(); ++k) {
        const bool last = k + 1 == histogram.keys.size();
        titles += fmt::format("  {:<{}}", columnTitle(histogram.keys[k]), last ? 0 : widths[k]);
        dots += "  " + std::string(widths[k], '.');
    }
    fmt::print(out, "#\n{}\n{}\n#\n", titles, dots);
    for (size_t r = 0; r < shown.size(); ++r) {
        std::string line = latencyCells(histogram, *shown[r]);
        line += histogram.children
                    ? fmt::format("  {:7.2f}%  {:7.2f}%", percent(shown[r]->children, histogram.total),
                                  percent(shown[r]->self, histogram.total))
                    : fmt::format("  {:7.2f}%", percent(shown[r]->self, histogram.total));
        for (size_t k = 0; k < histogram.keys.size(); ++k)
            line += fmt::format("  {:<{}}", cells[r][k], k + 1 == histogram.keys.size() ? 0 : widths[k]);
        fmt::print(out, "{}\n", line);
    }
}

} // namespace perfglass::cli
