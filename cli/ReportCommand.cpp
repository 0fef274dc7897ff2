#include "ReportCommand.h"

#include "CounterReport.h"
#include "HeatmapReport.h"
#include "HistogramReport.h"
#include "HostSessions.h"
#include "JsonReport.h"
#include "SessionInput.h"
#include "TextReport.h"
#include "analysis/CallTree.h"
#include "analysis/CallerCallee.h"
#include "analysis/FlatProfile.h"
#include "analysis/FunctionMatcher.h"
#include "analysis/Heatmap.h"
#include "analysis/OffCpuTime.h"
#include "analysis/Parallelism.h"
#include "analysis/SortedHistogram.h"
#include "base/CpuList.h"
#include "base/Error.h"
#include "events/GenericEvents.h"
#include "export/CollapsedStacksExporter.h"
#include "export/FirefoxProfileExporter.h"
#include "export/HeatmapHtmlExporter.h"
#include "export/PprofExporter.h"
#include "export/SpeedscopeExporter.h"
#include "export/SvgFlameGraphExporter.h"
#include "load/LoadProfile.h"
#include "profile/ThreadCommands.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string_view>

namespace perfglass::cli {

namespace {

constexpr std::string_view kCallerCallee = "caller-callee=";

std::string viewCheck(const std::string &view) {
    if (view == "top-down" || view == "bottom-up" || view == "flat" || view == "counters" ||
        view == "heatmap")
        return {};
    if (view.rfind(kCallerCallee, 0) == 0 && view.size() > kCallerCallee.size()) return {};
    return "expected top-down, bottom-up, flat, caller-callee=FUNCTION, counters or heatmap, not '" + view +
           "'";
}

std::string exportCheck(const std::string &spec) {
    const auto equals = spec.find('=');
    const std::string kind = spec.substr(0, equals);
    if (equals == std::string::npos || equals + 1 == spec.size() ||
        (kind != "collapsed" && kind != "speedscope" && kind != "svg" && kind != "pprof" &&
         kind != "firefox" && kind != "heatmap"))
        return "expected collapsed=FILE, speedscope=FILE, svg=FILE, pprof=FILE, firefox=FILE or "
               "heatmap=FILE, "
               "not '" +
               spec + "'";
    return {};
}

// "START,END" in seconds after the first sample; either side may be empty.
// TEXT (a part of OPTION's value WHOLE) as a count of UNIT, 0 or more.
double parseAmount(const std::string &text, std::string_view option, const std::string &whole,
                   std::string_view unit) {
    size_t used = 0;
    double amount = 0;
    try {
        amount = std::stod(text, &used);
    } catch (const std::exception &) {
        used = 0;
    }
    if (used != text.size() || !std::isfinite(amount) || amount < 0)
        throw Error(fmt::format("{} {}: '{}' is not a number of {} (0 or more)", option, whole, text, unit));
    return amount;
}

std::optional<uint64_t> parseSeconds(const std::string &text, const std::string &whole, uint64_t origin) {
    if (text.empty()) return std::nullopt;
    return origin + static_cast<uint64_t>(std::llround(parseAmount(text, "--time", whole, "seconds") * 1e9));
}

uint64_t parseMilliseconds(const std::string &text, const std::string &whole) {
    return static_cast<uint64_t>(
        std::llround(parseAmount(text, "--time-slice", whole, "milliseconds") * 1e6));
}

std::vector<std::string> splitPath(const std::string &text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find(';', start), text.size());
        parts.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

std::string sampledEventNames(const Profile &profile) {
    std::string names;
    for (const auto &event : profile.events)
        if (event.samples > 0) names += (names.empty() ? "" : ", ") + event.name;
    return names;
}

// -q: the text goes to memory first and is printed without its comment lines (those starting with #).
class QuietableOutput {
public:
    explicit QuietableOutput(bool quiet) {
        if (quiet) memory_.reset(::open_memstream(&buffer_, &size_));
    }
    ~QuietableOutput() { std::free(buffer_); }
    QuietableOutput(const QuietableOutput &) = delete;
    QuietableOutput &operator=(const QuietableOutput &) = delete;

    std::FILE *file() const { return memory_ ? memory_.get() : stdout; }

    void finish() {
        if (!memory_) return;
        memory_.reset(); // fclose: buffer_ and size_ now hold the text
        std::string_view text(buffer_, size_);
        while (!text.empty()) {
            const size_t end = std::min(text.find('\n'), text.size() - 1);
            if (text.front() != '#') std::fwrite(text.data(), 1, end + 1, stdout);
            text.remove_prefix(end + 1);
        }
        std::fflush(stdout);
    }

private:
    struct Closer {
        void operator()(std::FILE *file) const { std::fclose(file); }
    };
    char *buffer_ = nullptr; // owned: open_memstream's buffer, freed by the destructor
    size_t size_ = 0;
    std::unique_ptr<std::FILE, Closer> memory_;
};

bool hasCallChains(const Profile &profile) {
    return std::any_of(profile.stacks.begin(), profile.stacks.end(),
                       [](const StackNode &node) { return node.parent != kNoStack; });
}

} // namespace

CLI::App *ReportCommand::setup(CLI::App &app) {
    CLI::App *sub =
        app.add_subcommand("report", "Print a call tree, per-function costs or callers/callees of a "
                                     "session, and export it");
    inputOption_ =
        sub->add_option(
               "-i,--input", input_,
               "Session file (perf.data format), or an archive of one (perf archive's, archive --all)")
            ->capture_default_str();
    sub->add_option("sessions", sessions_,
                    "Session files; several are reported as one, with each session's host (its HOSTNAME, "
                    "and the file where names repeat) as the outermost frame above its processes "
                    "(record --host a --host b's files)");
    viewOption_ =
        sub->add_option(
               "--view", view_,
               "top-down, bottom-up, flat, caller-callee=FUNCTION, counters (the counter series per "
               "interval and CPU or thread, as the GUI charts them), or heatmap (samples per second and "
               "subsecond bucket, as the GUI's Heat Map draws them)")
            ->check(CLI::Validator(viewCheck, "VIEW"))
            ->capture_default_str();
    sub->add_option("--bucket", bucketMs_,
                    "--view heatmap: the height of a cell in milliseconds, 1 to 1000 (default 20)")
        ->capture_default_str();
    sub->add_option("--format", format_, "text, json, or collapsed (flamegraph.pl input, any view)")
        ->check(CLI::IsMember({"text", "json", "collapsed"}))
        ->capture_default_str();
    addFilterOptions(sub);
    sub->add_option(
           "--names", names_,
           "full: function names as demangled; short: readable names (default template arguments and "
           "standard typedefs simplified, template arguments as <…>, parameter lists only for overloads)")
        ->check(CLI::IsMember({"full", "short"}))
        ->capture_default_str();
    auto *perProcess = sub->add_flag("--per-process", perProcess_,
                                     "Collapsed stacks start with a frame naming the process, as "
                                     "stackcollapse-perf.pl writes them (default for system-wide sessions)");
    sub->add_flag("--no-per-process", noPerProcess_, "Collapsed stacks without a process frame")
        ->excludes(perProcess);
    sub->add_flag("--per-thread", perThread_,
                  "Collapsed stacks start with a frame naming the thread, \"name-pid/tid\" as "
                  "stackcollapse-perf.pl --tid writes");
    sub->add_option(
           "--export", exports_,
           "Also write collapsed=FILE, speedscope=FILE, svg=FILE, pprof=FILE (gzipped profile.proto) or "
           "firefox=FILE (the Firefox Profiler's Gecko format) or heatmap=FILE (a self-contained HTML page "
           "of "
           "the heat map, with the flame graph of the cells selected in it; --bucket applies) (repeatable)")
        ->check(CLI::Validator(exportCheck, "KIND=FILE"));
    addLoadOptions(sub);
    perf_.setup(*sub);
    return sub;
}

// Which samples count and how stacks are transformed; diff shares them.
void ReportCommand::addFilterOptions(CLI::App *sub) {
    sub->add_option("--event", event_, "Report this event of the session (default: the first with samples)");
    sub->add_option("--cost", cost_,
                    "Weigh samples by their period (as perf report does), count them, or (off-cpu) weigh the "
                    "switch-out samples of an --off-cpu session by the time their thread stayed blocked")
        ->check(CLI::IsMember({"period", "samples", "off-cpu"}))
        ->capture_default_str();
    sub->add_flag(
        "--latency", latency_,
        "Weigh samples by their period divided by the parallelism of their process then (wall-clock "
        "time, perf report --latency; needs a session recorded with --latency); perf's table (-s) "
        "gets Latency columns beside Overhead");
    sub->add_option("--pid", pids_, "Only these processes (comma-separated list)")->delimiter(',');
    sub->add_option("--tid", tids_, "Only these threads (comma-separated list)")->delimiter(',');
    sub->add_option("--cpu", cpus_, "Only samples taken on these CPUs (e.g. 0,2-3)");
    sub->add_option("--time", time_,
                    "Only samples in START,END: seconds after the first sample, e.g. 0.5,1.2 (either may be "
                    "empty: 0.5, or ,1.2)");
    sub->add_option("--time-slice", timeSlice_,
                    "Only samples in FROM,TO milliseconds of each column of the heat map (of each second, "
                    "counted from the first sample; --view heatmap says the column when it is not one "
                    "second), e.g. 800,850: a heat map rectangle; with --time, within that range");
    sub->add_option("--limit", limit_, "Show at most N functions (flat, caller-callee) or children per node");
    minPercentOption_ =
        sub->add_option("--min-percent", minPercent_, "Hide call-tree nodes below this inclusive share")
            ->capture_default_str();
    sub->add_option("--merge", merge_,
                    "Remove FUNCTION from stacks, its cost going to its caller (repeatable)");
    sub->add_option("--drop", drop_, "Drop the samples whose stack contains FUNCTION (repeatable)");
    sub->add_option("--focus", focus_, "Only stacks through FUNCTION, rooted at its outermost call");
    sub->add_option("--focus-path", focusPath_, "Only stacks starting with the call path A;B;C, rooted at C");
    sub->add_option("--collapse-lib", collapseLib_,
                    "Show frames of MODULE as one frame per call (repeatable)");
    sub->add_flag("--collapse-recursion", collapseRecursion_,
                  "Fold recursive calls, direct and indirect, into the outermost call");
    sub->add_flag("--collapse-direct-recursion", collapseDirectRecursion_,
                  "Fold only direct self-calls (F calling F)");
    sub->add_flag("--no-kernel", noKernel_, "Hide kernel frames (their cost goes to the user-space caller)");
    sub->add_option("--group-by", groupBy_,
                    "Group stacks by process (one root per process, 'name (PID n)') or by process and thread")
        ->check(CLI::IsMember({"none", "process", "thread"}));
    sub->add_flag("--no-idle", noIdle_, "Leave out the idle task (PID 0, swapper)");
    sub->add_flag(
        "--inline,!--no-inline", inline_,
        "Show inlined functions as frames of their own, and source lines, from the DWARF of binaries "
        "built with -g (default: on)");
    sub->add_flag("--inline-debug-files", inlineDebugFiles_,
                  "Also from separately installed debug files (libc6-dbg, -dbgsym packages, debuginfod; "
                  "about 20 MB more memory for libc)");
}

// Where symbols come from and how sessions are read; diff shares them.
void ReportCommand::addLoadOptions(CLI::App *sub) {
    symbolOptions_.add(sub);
    sub->add_option("--threads", threads_, "Threads that unwind DWARF stacks (default: one per CPU)")
        ->check(CLI::Range(1, 64));
}

SampleFilter ReportCommand::makeFilter(const Profile &profile) const {
    SampleFilter filter;
    filter.cost = cost_ == "samples" ? CostKind::Samples : CostKind::Period;
    filter.event = profile.firstSampledEvent(); // counted-only events (--counters) have no samples
    if (!event_.empty()) {
        filter.event = -1;
        for (size_t i = 0; i < profile.events.size(); ++i)
            if (profile.events[i].name == event_) filter.event = static_cast<int>(i);
        if (filter.event < 0) {
            std::string known;
            for (const auto &event : profile.events)
                known += (known.empty() ? "" : ", ") + event.name;
            throw Error(fmt::format("{}: no event '{}' in this session (it has: {})", input_, event_, known));
        }
        if (profile.events[static_cast<size_t>(filter.event)].samples == 0 &&
            profile.events[static_cast<size_t>(profile.firstSampledEvent())].samples > 0)
            throw Error(
                fmt::format("{}: event '{}' was only counted, it has no samples to report (events with "
                            "samples: {})",
                            input_, event_, sampledEventNames(profile)));
    }
    if (cost_ == "off-cpu") setOffCpu(profile, filter);
    if (latency_ && !histogram_) {
        filter.cost = CostKind::Latency;
        filter.latency = parallelism(profile).latencyWeights(profile);
    }
    filter.pids = pids_;
    filter.tids = tids_;
    if (!histogram_ && !perf_.comms().empty()) // the table filters its rows by comm itself
        // The samples whose thread then had one of the commands (a child counts as its parent until it
        // execs).
        filter.chosenSamples =
            std::make_shared<const std::vector<bool>>(ThreadCommands(profile).samplesOf(perf_.comms()));
    if (!cpus_.empty())
        for (int cpu : parseCpuList(cpus_))
            filter.cpus.push_back(static_cast<uint32_t>(cpu));
    addTimeSelection(profile, filter);
    addTransforms(profile, filter);
    return filter;
}

void ReportCommand::addTimeSelection(const Profile &profile, SampleFilter &filter) const {
    if (!time_.empty()) {
        const auto comma = time_.find(',');
        if (comma == std::string::npos) throw Error("--time " + time_ + ": expected START,END in seconds");
        filter.startTime = parseSeconds(time_.substr(0, comma), time_, profile.startTime);
        filter.endTime = parseSeconds(time_.substr(comma + 1), time_, profile.startTime);
        if (filter.startTime && filter.endTime && *filter.endTime <= *filter.startTime)
            throw Error("--time " + time_ + ": the end must come after the start");
    }
    if (timeSlice_.empty()) return;
    const auto comma = timeSlice_.find(',');
    if (comma == std::string::npos)
        throw Error("--time-slice " + timeSlice_ + ": expected FROM,TO in milliseconds");
    const uint64_t from = parseMilliseconds(timeSlice_.substr(0, comma), timeSlice_);
    const uint64_t to = parseMilliseconds(timeSlice_.substr(comma + 1), timeSlice_);
    const uint64_t column =
        Heatmap::axis(profile.startTime, profile.endTime + 1, HeatmapOptions::kDefaultBucketNs).columnNs();
    if (to <= from || to > column)
        throw Error(fmt::format("--time-slice {}: expected 0 <= FROM < TO <= {} (the column's milliseconds)",
                                timeSlice_, column / 1'000'000));
    filter.slice = TimeSlice{profile.startTime, column, from, to};
    if (!filter.startTime) filter.startTime = profile.startTime;
}

// Applied in a fixed order: hide kernel, collapse libraries, merge, drop, collapse recursion, focus.
void ReportCommand::addTransforms(const Profile &profile, SampleFilter &filter) const {
    const FunctionMatcher matcher(profile);
    if (noKernel_) filter.transforms.push_back(Transform::hideKernel());
    if (groupBy_ == "process") filter.grouping = ProcessGrouping::Process;
    if (groupBy_ == "thread") filter.grouping = ProcessGrouping::ProcessThread;
    filter.hideIdle = noIdle_;
    for (const auto &module : collapseLib_)
        filter.transforms.push_back(Transform::collapseModule(matcher.module(module)));
    for (const auto &function : merge_)
        filter.transforms.push_back(Transform::mergeFunction(matcher.function(function)));
    for (const auto &function : drop_)
        filter.transforms.push_back(Transform::dropFunction(matcher.function(function)));
    if (collapseRecursion_) filter.transforms.push_back(Transform::collapseRecursion());
    if (collapseDirectRecursion_) filter.transforms.push_back(Transform::collapseDirectRecursion());
    if (!focusPath_.empty()) {
        std::vector<FunctionId> path;
        for (const auto &function : splitPath(focusPath_))
            path.push_back(matcher.function(function));
        filter.transforms.push_back(Transform::focusSubtree(std::move(path)));
    }
    if (!focus_.empty()) filter.transforms.push_back(Transform::focusFunction(matcher.function(focus_)));
}

void ReportCommand::setOffCpu(const Profile &profile, SampleFilter &filter) const {
    const int event = OffCpuTime::switchEvent(profile);
    if (event < 0)
        throw Error(
            fmt::format("{}: no switch-out samples (sched:sched_switch or context-switches) to weigh by "
                        "off-CPU time; record with --off-cpu",
                        input_));
    filter.event = event;
    filter.cost = CostKind::OffCpu;
    filter.offCpuTime = OffCpuTime::compute(profile, event);
}

std::string ReportCommand::unitName(const Profile &profile, const SampleFilter &filter) const {
    if (filter.cost == CostKind::Samples) return "samples";
    if (filter.cost == CostKind::OffCpu) return "ns";
    const EventInfo &event = profile.events[static_cast<size_t>(filter.event)];
    return isClockEvent(event.type, event.config) ? "ns" : "events";
}

CollapsedOptions ReportCommand::collapsedOptions(const Profile &profile) const {
    CollapsedOptions options = CollapsedOptions::defaultFor(profile);
    if (perProcess_) options.perProcess = true;
    if (noPerProcess_) options.perProcess = false;
    options.perThread = perThread_;
    return options;
}

void ReportCommand::writeExports(const std::shared_ptr<const Profile> &profile,
                                 const SampleFilter &filter) const {
    std::shared_ptr<const CallTree> tree;
    for (const auto &spec : exports_) {
        const auto equals = spec.find('=');
        const std::string kind = spec.substr(0, equals);
        const std::string path = spec.substr(equals + 1);
        if (kind == "speedscope") {
            SpeedscopeExporter::writeFile(*profile, filter, input_, path);
            continue;
        }
        if (kind == "collapsed") {
            CollapsedStacksExporter::writeFile(profile, filter, collapsedOptions(*profile), path);
            continue;
        }
        if (kind == "firefox") {
            FirefoxProfileExporter::writeFile(*profile, filter, input_, path);
            continue;
        }
        if (kind == "heatmap") {
            writeHeatmapPage(*profile, filter, path);
            continue;
        }
        if (kind == "pprof") {
            PprofExporter::writeFile(*profile, filter, path);
            continue;
        }
        if (!tree) tree = CallTree::topDown(profile, filter);
        SvgFlameGraphOptions options;
        options.title = "Flame Graph: " + input_;
        options.unit = unitName(*profile, filter);
        SvgFlameGraphExporter::writeFile(*tree, path, options);
    }
}

int ReportCommand::printHeatmap(const Profile &profile, const SampleFilter &filter) const {
    if (format_ == "collapsed") throw Error("--view heatmap: the formats are text and json");
    const HeatmapReportHeader header{profile.events[static_cast<size_t>(filter.event)].name,
                                     unitName(profile, filter)};
    const Heatmap map = Heatmap::compute(profile, filter, heatmapOptions());
    if (format_ == "json")
        cli::printJson(stdout, heatmapToJson(map, header));
    else
        cli::printHeatmap(stdout, map, header);
    std::fflush(stdout);
    return 0;
}

void ReportCommand::writeHeatmapPage(const Profile &profile, const SampleFilter &filter,
                                     const std::string &path) const {
    HeatmapHtmlOptions options;
    options.title = "Heat Map: " + input_;
    options.unit = unitName(profile, filter);
    options.heatmap = heatmapOptions();
    HeatmapHtmlExporter::writeFile(profile, filter, options, path);
}

HeatmapOptions ReportCommand::heatmapOptions() const {
    if (!std::isfinite(bucketMs_) || bucketMs_ < 1 || bucketMs_ > 1000)
        throw Error(fmt::format("--bucket {:g}: the bucket is 1 to 1000 milliseconds", bucketMs_));
    HeatmapOptions options;
    options.bucketNs = static_cast<uint64_t>(std::llround(bucketMs_ * 1e6));
    return options;
}

int ReportCommand::printCounters(const Profile &profile) const {
    if (format_ == "collapsed") throw Error("--view counters: the formats are text and json");
    if (profile.counters.empty())
        throw Error(input_ + ": the session has no counter series (record them with `record --counters "
                             "EVENTS` or `stat -o FILE`)");
    CounterLines lines = CounterLines::compute(profile);
    // --cpu and --tid pick lines (a process line is its first thread's).
    const std::vector<int> cpus = cpus_.empty() ? std::vector<int>() : parseCpuList(cpus_);
    std::erase_if(lines.lines, [&](const CounterLine &line) {
        const bool cpuOut = !cpus.empty() && std::find(cpus.begin(), cpus.end(), line.cpu) == cpus.end();
        const bool tidOut = !tids_.empty() && std::find(tids_.begin(), tids_.end(),
                                                        static_cast<uint32_t>(line.tid)) == tids_.end();
        return cpuOut || tidOut;
    });
    if (format_ == "json")
        printJson(stdout, counterLinesToJson(lines));
    else
        printCounterLines(stdout, lines);
    std::fflush(stdout);
    return 0;
}

// perf report's options in terms of the views: -g picks the tree, --percent-limit and -g's threshold the
// smallest node shown, -s and friends the table.
void ReportCommand::applyPerfOptions() {
    perf_.validate();
    const bool viewGiven = viewOption_->count() > 0;
    if (const auto tree = perf_.treeView(); tree && !viewGiven) view_ = *tree;
    if (const auto threshold = perf_.callGraphThreshold(); threshold && minPercentOption_->count() == 0)
        minPercent_ = *threshold;
    if (const auto limit = perf_.percentLimit()) minPercent_ = *limit;
    histogram_ = perf_.wantsHistogram(viewGiven);
    if (histogram_ && viewGiven)
        throw Error("--view and perf report's table (-s, --children, --no-children, --no-call-graph) exclude "
                    "each other");
    if (histogram_ && format_ != "text") throw Error("perf report's table (-s ...) is printed as text only");
    if (!histogram_ && perf_.filtersFrames())
        throw Error("--dso and --symbols pick rows of perf report's table (-s); for call trees use --focus, "
                    "--drop or --collapse-lib");
}

Parallelism ReportCommand::parallelism(const Profile &profile) const {
    Parallelism result = Parallelism::compute(profile);
    if (!result.known())
        throw Error(input_ +
                    ": the session has no context switches to count parallelism from; record it with "
                    "`record --latency` (or perf record --latency)");
    return result;
}

void ReportCommand::printPerfTable(std::FILE *out, const Profile &profile, const SampleFilter &filter) const {
    HistogramOptions options = perf_.histogramOptions(hasCallChains(profile));
    const bool byParallelism =
        std::find(options.keys.begin(), options.keys.end(), SortKey::Parallelism) != options.keys.end();
    if (latency_ || byParallelism) {
        const Parallelism counted = parallelism(profile);
        options.parallelism = std::make_shared<const std::vector<uint32_t>>(counted.perSample(profile));
        if (latency_) options.latency = counted.latencyWeights(profile);
    }
    const SortedHistogram histogram = SortedHistogram::compute(profile, filter, options);
    printHeader(out, profile, profile.events[static_cast<size_t>(filter.event)].name, histogram.sampleCount);
    printHistogram(out, profile, histogram, perf_.percentLimit().value_or(0.0), limit_);
}

void ReportCommand::printReport(std::FILE *out, const std::shared_ptr<const Profile> &profile,
                                const SampleFilter &filter) const {
    const std::string &eventName = profile->events[static_cast<size_t>(filter.event)].name;
    const ReadableNames readableNames = names_ == "short" ? ReadableNames::of(*profile) : ReadableNames();
    const TextReportOptions textOptions{minPercent_, limit_, names_ == "short" ? &readableNames : nullptr};
    const bool json = format_ == "json";
    if (histogram_) {
        printPerfTable(out, *profile, filter);
    } else if (format_ == "collapsed") {
        CollapsedStacksExporter::write(profile, filter, collapsedOptions(*profile), std::cout);
    } else if (view_ == "flat") {
        const FlatProfile flat = FlatProfile::compute(*profile, filter);
        if (json) {
            printJson(out, flatToJson(*profile, flat, eventName, textOptions));
        } else {
            printHeader(out, *profile, eventName, flat.sampleCount);
            printFlat(out, *profile, flat, textOptions);
        }
    } else if (view_.rfind(kCallerCallee, 0) == 0) {
        const FunctionId function = FunctionMatcher(*profile).function(view_.substr(kCallerCallee.size()));
        const CallerCallee result = CallerCallee::compute(*profile, filter, function);
        if (json) {
            printJson(out, callerCalleeToJson(*profile, result, eventName, textOptions));
        } else {
            printHeader(out, *profile, eventName, result.sampleCount);
            printCallerCallee(out, *profile, result, textOptions);
        }
    } else {
        const auto tree =
            view_ == "bottom-up" ? CallTree::bottomUp(profile, filter) : CallTree::topDown(profile, filter);
        if (json) {
            printJson(out, treeToJson(*tree, eventName, textOptions));
        } else {
            printHeader(out, *profile, eventName, tree->sampleCount());
            printTree(out, *tree, textOptions);
        }
    }
}

LoadOptions ReportCommand::loadOptions() const {
    LoadOptions options;
    symbolOptions_.apply(options);
    options.inlineFrames = inline_ || inlineDebugFiles_;
    options.inlineFramesFromDebugFiles = inlineDebugFiles_;
    options.unwindThreads = threads_;
    return options;
}

std::vector<std::string> ReportCommand::sessionFiles() const {
    std::vector<std::string> files;
    if (inputOption_->count() > 0 || sessions_.empty()) files.push_back(input_);
    files.insert(files.end(), sessions_.begin(), sessions_.end());
    return files;
}

void ReportCommand::checkSeveralAllowed() const {
    const bool tree = view_ == "top-down" || view_ == "bottom-up";
    if (histogram_ || (!tree && format_ != "collapsed"))
        throw Error("several sessions are reported together as call trees (--view top-down or bottom-up, "
                    "text or json) or collapsed stacks (--format collapsed); report one session at a "
                    "time for " +
                    (histogram_ ? std::string("perf's table (-s)") : "--view " + view_));
    if (!exports_.empty()) throw Error("--export writes one session: give one session file, not several");
}

int ReportCommand::runSeveral(const std::vector<std::string> &files) {
    checkSeveralAllowed();
    std::vector<HostSession> sessions;
    for (const auto &file : files) {
        LoadOptions options = loadOptions();
        const std::string session = openSessionInput(file, options);
        HostSession host;
        host.file = file;
        host.profile = loadProfile(session, options);
        for (const auto &notice : host.profile->diagnostics.notices)
            if (notice.kind == MessageKind::IncompleteRecordIgnored)
                fmt::print(stderr, "perfglass-cli: warning: {}: {}\n", file, notice.english());
        if (host.profile->events.empty()) throw Error(file + ": the session describes no events");
        input_ = file; // makeFilter's messages name the session
        host.filter = makeFilter(*host.profile);
        host.collapsed = collapsedOptions(*host.profile);
        if (names_ == "short") host.names = ReadableNames::of(*host.profile);
        sessions.push_back(std::move(host));
    }
    const HostSessions hosts(std::move(sessions));
    if (format_ == "collapsed") {
        hosts.printCollapsed(std::cout);
        std::cout.flush();
        return 0;
    }
    const TextReportOptions textOptions{minPercent_, limit_, nullptr};
    QuietableOutput output(perf_.quiet() && format_ == "text");
    hosts.printTrees(output.file(), view_ == "bottom-up" ? CallTree::Kind::BottomUp : CallTree::Kind::TopDown,
                     textOptions, format_ == "json");
    output.finish();
    std::fflush(stdout);
    return 0;
}

int ReportCommand::run() {
    applyPerfOptions();
    if (const auto files = sessionFiles(); files.size() > 1) return runSeveral(files);
    if (!sessions_.empty()) input_ = sessions_.front();
    const bool heatmapPage = std::any_of(exports_.begin(), exports_.end(), [](const std::string &spec) {
        return spec.rfind("heatmap=", 0) == 0;
    });
    if (view_ == "heatmap" || heatmapPage) (void)heatmapOptions(); // a wrong --bucket is said before reading
    LoadOptions options = loadOptions();
    const std::string session = openSessionInput(input_, options); // adds the caches of an archive
    const auto profile = loadProfile(session, options);
    // A stream cut inside a record (a pipe whose writer died) is reported up to there, and said on standard
    // error too, where perf report says "unexpected end of event stream".
    for (const auto &notice : profile->diagnostics.notices)
        if (notice.kind == MessageKind::IncompleteRecordIgnored)
            fmt::print(stderr, "perfglass-cli: warning: {}\n", notice.english());
    if (profile->events.empty()) throw Error(input_ + ": the session describes no events");
    if (view_ == "counters") return printCounters(*profile);
    const SampleFilter filter = makeFilter(*profile);
    if (view_ == "heatmap") {
        printHeatmap(*profile, filter);
        writeExports(profile, filter);
        return 0;
    }
    QuietableOutput output(perf_.quiet() && format_ == "text");
    printReport(output.file(), profile, filter);
    output.finish();
    std::fflush(stdout);
    std::cout.flush();
    writeExports(profile, filter);
    return 0;
}

} // namespace perfglass::cli
