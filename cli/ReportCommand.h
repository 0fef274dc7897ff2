// perfglass-cli report: read a session and print a view of it (top-down or bottom-up call tree, flat
// per-function costs, callers and callees of one function, counter series) as text or JSON, after filters and
// transforms; optionally export collapsed stacks, a speedscope profile or an SVG flame graph.
#pragma once

#include "Command.h"
#include "PerfReportOptions.h"
#include "SymbolOptions.h"

#include "analysis/Heatmap.h"
#include "analysis/Parallelism.h"
#include "analysis/SampleFilter.h"
#include "export/CollapsedStacksExporter.h"
#include "load/LoadProfile.h"
#include "profile/Profile.h"

#include <string>
#include <vector>

namespace perfglass::cli {

class ReportCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

protected:
    // The options that diff shares with report: filters and transforms, and how sessions are loaded.
    void addFilterOptions(CLI::App *sub);
    void addLoadOptions(CLI::App *sub);
    LoadOptions loadOptions() const;
    // Filters and transforms for PROFILE, read from input_ (error messages name it).
    SampleFilter makeFilter(const Profile &profile) const;
    void addTimeSelection(const Profile &profile, SampleFilter &filter) const;
    void addTransforms(const Profile &profile, SampleFilter &filter) const;
    void writeExports(const std::shared_ptr<const Profile> &profile, const SampleFilter &filter) const;
    CollapsedOptions collapsedOptions(const Profile &profile) const;
    void setOffCpu(const Profile &profile, SampleFilter &filter) const;
    // The parallelism of PROFILE's processes; throws Error when it has no context switches.
    Parallelism parallelism(const Profile &profile) const;
    std::string unitName(const Profile &profile, const SampleFilter &filter) const;
    int printCounters(const Profile &profile) const;
    int printHeatmap(const Profile &profile, const SampleFilter &filter) const;
    HeatmapOptions heatmapOptions() const;
    void
    writeHeatmapPage(const Profile &profile, const SampleFilter &filter,
                     const std::string &path) const; // throws Error when --bucket lies outside 1 to 1000 ms
    void applyPerfOptions();
    void printReport(std::FILE *out, const std::shared_ptr<const Profile> &profile,
                     const SampleFilter &filter) const;
    void printPerfTable(std::FILE *out, const Profile &profile, const SampleFilter &filter) const;
    // The sessions to report: -i's, then the positional ones; -i's default when none is given.
    std::vector<std::string> sessionFiles() const;
    // Several sessions as one, each host above its processes (HostSessions.h).
    int runSeveral(const std::vector<std::string> &files);
    void checkSeveralAllowed() const;

    std::string input_ = "perf.data";   // as perf report
    std::vector<std::string> sessions_; // report FILE...: positional sessions
    const CLI::Option *inputOption_ = nullptr;
    std::string view_ = "top-down";
    std::string format_ = "text";
    std::string event_;
    std::string cost_ = "period";
    std::string names_ = "full";
    size_t limit_ = 0;
    double minPercent_ = 0.5;
    double bucketMs_ = 20; // --bucket, --view heatmap
    SymbolOptions symbolOptions_;
    std::vector<uint32_t> pids_;
    std::vector<uint32_t> tids_;
    std::string cpus_;
    std::string time_;
    std::string timeSlice_; // --time-slice FROM,TO (ms of each heat map column)
    std::vector<std::string> merge_;
    std::vector<std::string> drop_;
    std::string focus_;
    std::string focusPath_;
    std::vector<std::string> collapseLib_;
    bool collapseRecursion_ = false;
    bool collapseDirectRecursion_ = false;
    bool noKernel_ = false;
    std::string groupBy_ = "none"; // --group-by: none, process, thread
    bool noIdle_ = false;
    bool latency_ = false; // --latency: weights by 1/parallelism
    bool inline_ = true;
    bool inlineDebugFiles_ = false;
    unsigned threads_ = 0; // 0: one per CPU
    std::vector<std::string> exports_;
    PerfReportOptions perf_;
    const CLI::Option *viewOption_ = nullptr;
    const CLI::Option *minPercentOption_ = nullptr;
    bool histogram_ = false; // perf report's table (-s and friends) instead of a view
    bool perProcess_ = false;
    bool noPerProcess_ = false;
    bool perThread_ = false;
};

} // namespace perfglass::cli
