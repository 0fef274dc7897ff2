// perf report's common options on `perfglass-cli report`, with perf's meaning: --stdio, --children and
// --no-children, -s/--sort KEYS, -g caller|callee|none (and perf's longer -g forms), --no-call-graph, -q,
// --percent-limit, --comm, --dso, --symbols.
#pragma once

#include "analysis/SortedHistogram.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace perfglass::cli {

class PerfReportOptions {
public:
    void setup(CLI::App &sub);
    // Checks the values; throws Error.
    void validate() const;

    // perf's sorted table rather than a call tree: -s, --children, --no-children, --no-call-graph or -g none,
    // or --dso/--symbols without an explicit --view.
    bool wantsHistogram(bool viewGiven) const;
    // The options of the table; children is on by default when the session has call chains, as in perf.
    HistogramOptions histogramOptions(bool hasCallChains) const;
    // -g caller: "top-down", -g callee: "bottom-up"; nothing when -g says neither.
    std::optional<std::string> treeView() const;
    // A number in -g (perf's threshold percentage of call-graph nodes).
    std::optional<double> callGraphThreshold() const;

    bool quiet() const { return quiet_; }
    std::optional<double> percentLimit() const { return percentLimit_; }
    std::vector<std::string> comms() const;
    bool filtersFrames() const { return !dsos_.empty() || !symbols_.empty(); }

private:
    std::vector<std::string> callGraphWords() const;

    bool stdio_ = false;
    bool children_ = false;
    bool noChildren_ = false;
    std::vector<std::string> sort_;
    std::string callGraph_;
    bool noCallGraph_ = false;
    bool quiet_ = false;
    std::optional<double> percentLimit_;
    // Comma-separated lists, split here: CLI11 would take "[kernel.kallsyms]" for a bracketed list.
    std::string comms_;
    std::string dsos_;
    std::string symbols_;
};

} // namespace perfglass::cli
