#include "PerfReportOptions.h"

#include "base/Error.h"
#include "base/NameSuggestions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace perfglass::cli {

namespace {

bool isNumber(const std::string &word) {
    char *end = nullptr;
    std::strtod(word.c_str(), &end);
    return !word.empty() && end == word.c_str() + word.size();
}

std::vector<std::string> splitCommas(const std::string &text) {
    std::vector<std::string> words;
    size_t start = 0;
    while (!text.empty() && start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        words.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return words;
}

bool oneOf(const std::string &word, std::initializer_list<const char *> names) {
    return std::any_of(names.begin(), names.end(), [&](const char *name) { return word == name; });
}

} // namespace

void PerfReportOptions::setup(CLI::App &sub) {
    sub.add_flag("--stdio", stdio_, "Print text to the terminal (the default; accepted as perf report's)");
    sub.add_flag("--children", children_,
                 "With -s: add a Children column (cost including callees) and sort by it, as perf report "
                 "(the default when the session has call chains)");
    sub.add_flag("--no-children", noChildren_, "With -s: only the self cost (Overhead), as perf report");
    sub.add_option("-s,--sort", sort_,
                   "Print perf report's table grouped by these keys instead of a call tree: comm, pid, tid, "
                   "dso, sym, cpu (comma-separated; default comm,dso,sym)")
        ->delimiter(',');
    sub.add_option("-g,--call-graph", callGraph_,
                   "As perf report -g: caller (top-down tree), callee (bottom-up tree) or none (perf's "
                   "table); perf's longer forms such as graph,0.5,caller are accepted, a number sets "
                   "--min-percent; -g alone changes nothing")
        ->expected(0, 1); // perf's -g takes an optional argument
    sub.add_flag("--no-call-graph", noCallGraph_, "perf report's table without call graphs (as -g none)");
    sub.add_flag("-q,--quiet", quiet_, "No header or comment lines (those starting with #)");
    sub.add_option("--percent-limit", percentLimit_,
                   "Hide table rows and call-tree nodes below this percentage (as --min-percent)")
        ->check(CLI::Range(0.0, 100.0));
    sub.add_option("--comm", comms_, "Only samples of these commands (comma-separated), as perf report's");
    sub.add_option("--dso", dsos_,
                   "Only table rows of these modules (file name or path, comma-separated), as perf report's");
    sub.add_option("--symbols", symbols_,
                   "Only table rows of these functions (comma-separated), as perf report's");
}

std::vector<std::string> PerfReportOptions::callGraphWords() const {
    return splitCommas(callGraph_);
}

void PerfReportOptions::validate() const {
    for (const auto &key : sort_)
        if (!sortKeyFromName(key))
            throw Error(fmt::format("--sort {}: unknown key{} (known: {})", key,
                                    didYouMean(key, sortKeyNames()), fmt::join(sortKeyNames(), ", ")));
    for (const auto &word : callGraphWords())
        if (!isNumber(word) && !oneOf(word, {"caller", "callee", "none", "graph", "flat", "fractal", "folded",
                                             "function", "address", "percent", "period", "count", "branch"}))
            throw Error(fmt::format("-g {}: unknown word '{}' (known: caller, callee, none, graph, flat, "
                                    "fractal, folded, a threshold percentage)",
                                    callGraph_, word));
    if (children_ && noChildren_) throw Error("--children and --no-children contradict each other");
}

bool PerfReportOptions::wantsHistogram(bool viewGiven) const {
    const auto words = callGraphWords();
    const bool none = std::find(words.begin(), words.end(), "none") != words.end();
    return !sort_.empty() || children_ || noChildren_ || noCallGraph_ || none ||
           (!viewGiven && filtersFrames());
}

HistogramOptions PerfReportOptions::histogramOptions(bool hasCallChains) const {
    HistogramOptions options;
    if (!sort_.empty()) {
        options.keys.clear();
        for (const auto &key : sort_)
            options.keys.push_back(*sortKeyFromName(key));
    }
    options.children = children_ || (hasCallChains && !noChildren_);
    options.comms = splitCommas(comms_);
    options.dsos = splitCommas(dsos_);
    options.symbols = splitCommas(symbols_);
    return options;
}

std::optional<std::string> PerfReportOptions::treeView() const {
    for (const auto &word : callGraphWords()) {
        if (word == "caller") return std::string("top-down");
        if (word == "callee") return std::string("bottom-up");
    }
    return std::nullopt;
}

std::vector<std::string> PerfReportOptions::comms() const {
    return splitCommas(comms_);
}

std::optional<double> PerfReportOptions::callGraphThreshold() const {
    for (const auto &word : callGraphWords())
        if (isNumber(word)) return std::strtod(word.c_str(), nullptr);
    return std::nullopt;
}

} // namespace perfglass::cli
