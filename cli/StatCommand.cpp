#include "StatCommand.h"

#include "StopSignals.h"

#include "base/CpuList.h"
#include "base/Error.h"
#include "counting/CountingRun.h"
#include "counting/StatRecordWriter.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/StatRecords.h"
#include "record/HelperEventOpener.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <cstdio>

namespace perfglass::cli {

namespace {

constexpr unsigned kFeatStat = 19; // HEADER_STAT: "contains stat data"

std::atomic<CountingRun *> activeRun{nullptr};

void onStopSignal(int) {
    if (CountingRun *run = activeRun.load()) run->stop();
}

// Keeps activeRun pointing at the run while it counts, for onStopSignal.
class ActiveRun {
public:
    explicit ActiveRun(CountingRun &run) { activeRun.store(&run); }
    ~ActiveRun() { activeRun.store(nullptr); }
    ActiveRun(const ActiveRun &) = delete;
    ActiveRun &operator=(const ActiveRun &) = delete;
};

uint64_t statAggrMode(StatAggregation mode) {
    return mode == StatAggregation::PerCpu      ? stat::kAggrNone
           : mode == StatAggregation::PerThread ? stat::kAggrThread
                                                : stat::kAggrGlobal;
}

// Mean over runs of each group's counters, with the relative standard deviation of the mean (perf's "+-").
std::vector<StatGroup> averageRuns(const std::vector<std::vector<StatGroup>> &runs, bool scale) {
    std::vector<StatGroup> result = runs.front();
    const double n = static_cast<double>(runs.size());
    for (size_t g = 0; g < result.size(); ++g) {
        auto &group = result[g];
        group.relativeStddev.assign(group.values.size(), 0.0);
        for (size_t e = 0; e < group.values.size(); ++e) {
            double value = 0, enabled = 0, running = 0, sum = 0, sumSquares = 0;
            for (const auto &run : runs) {
                const CounterValue &reading = run[g].values[e];
                value += static_cast<double>(reading.value);
                enabled += static_cast<double>(reading.enabled);
                running += static_cast<double>(reading.running);
                const double shown = scale ? reading.scaled() : static_cast<double>(reading.value);
                sum += shown;
                sumSquares += shown * shown;
            }
            group.values[e] = {static_cast<uint64_t>(std::llround(value / n)),
                               static_cast<uint64_t>(std::llround(enabled / n)),
                               static_cast<uint64_t>(std::llround(running / n))};
            const double mean = sum / n;
            const double variance = n > 1 ? std::max(0.0, (sumSquares - n * mean * mean) / (n - 1)) : 0.0;
            group.relativeStddev[e] = mean > 0 ? 100.0 * std::sqrt(variance / n) / mean : 0.0;
        }
    }
    return result;
}

} // namespace

StatCommand::StatCommand(int argc, char **argv)
    : cmdline_(argv, argv + argc) {}

CLI::App *StatCommand::setup(CLI::App &app) {
    CLI::App *sub =
        app.add_subcommand("stat", "Count events while a command runs, or system-wide, like perf stat");
    sub->add_option(
        "-e,--event", events_,
        "Events to count, in perf's syntax; {a,b} counts a group together (default: perf stat's)");
    sub->add_flag("-a,--all-cpus", systemWide_, "Count on every CPU (system-wide)");
    sub->add_option("-C,--cpu", cpuList_, "Count on these CPUs only (system-wide), e.g. 0-1,3");
    sub->add_flag("-A,--no-aggr", noAggr_, "One row per CPU (system-wide)");
    sub->add_flag("--per-core", perCore_, "One row per physical core (system-wide)");
    sub->add_flag("--per-socket", perSocket_, "One row per socket (system-wide)");
    sub->add_flag("--per-thread", perThread_, "One row per thread (with -p or -t)");
    sub->add_option("-p,--pid", pids_, "Count the threads of existing processes")->delimiter(',');
    sub->add_option("-t,--tid", tids_, "Count existing threads")->delimiter(',');
    sub->add_option("-I,--interval-print", intervalOption_,
                    "Print the counts of every MS milliseconds (at least 1)");
    sub->add_option("--interval-count", intervalCount_, "Stop after this many intervals")
        ->check(CLI::PositiveNumber);
    sub->add_option("-r,--repeat", repeat_, "Run the command N times; print means and spread")
        ->check(CLI::PositiveNumber);
    sub->add_flag("--no-scale", noScale_, "Print raw counts, not scaled by time enabled / time running");
    sub->add_option("-x,--field-separator", separator_,
                    "CSV output with this separator (perf-stat(1) field order)");
    sub->add_flag("-j,--json", json_, "One JSON object per counter (per interval)");
    sub->add_option(
        "-o,--output", outputPath_,
        "Also write the counter series to this session file (perf.data with perf's stat records)");
    sub->add_flag("--no-big-num", noBigNum_, "No thousands' separators");
    sub->add_option("command", command_, "The command to run and its arguments (after --)");
    sub->footer("Example: perfglass-cli stat -e task-clock,page-faults -I 1000 -- ./app");
    return sub;
}

void StatCommand::validate() {
    if (!systemWide_ && !cpuList_.empty()) systemWide_ = true;
    if (intervalOption_ != -1 && !(intervalOption_ >= 1))
        throw Error(fmt::format("-I {}: the interval must be at least 1 ms", intervalOption_));
    intervalMs_ = intervalOption_ >= 1 ? static_cast<int>(std::lround(intervalOption_)) : 0;
    if (!separator_.empty() && json_)
        throw Error("-x and --json cannot be combined: choose one output format");
    if (repeat_ > 1 && intervalMs_ > 0) throw Error("-r cannot be combined with -I");
    if (repeat_ > 1 && !outputPath_.empty())
        throw Error("-r cannot be combined with -o: a session holds one run");
    if (repeat_ > 1 && command_.empty()) throw Error("-r needs a command to repeat");
    if (intervalCount_ > 0 && intervalMs_ == 0) throw Error("--interval-count needs -I");
    if ((!pids_.empty() || !tids_.empty()) && systemWide_)
        throw Error("-p/-t and -a/-C cannot be combined: count either processes or CPUs");
    if (!pids_.empty() && !tids_.empty()) throw Error("-p and -t cannot be combined");
    if ((!pids_.empty() || !tids_.empty()) && !command_.empty())
        throw Error("-p/-t and a command cannot be combined");
    if (command_.empty() && !systemWide_ && pids_.empty() && tids_.empty())
        throw Error("nothing to count: give a command (after --), -a, -C, -p or -t");
    const int aggregations = int(noAggr_) + int(perCore_) + int(perSocket_) + int(perThread_);
    if (aggregations > 1) throw Error("choose one of -A, --per-core, --per-socket and --per-thread");
    if ((noAggr_ || perCore_ || perSocket_) && !systemWide_)
        throw Error("-A, --per-core and --per-socket count per CPU: they need -a or -C");
    if (perThread_ && pids_.empty() && tids_.empty()) throw Error("--per-thread needs -p or -t");
}

StatFormatOptions StatCommand::outputOptions() const {
    StatFormatOptions options;
    options.output = json_ ? StatOutput::Json : separator_.empty() ? StatOutput::Human : StatOutput::Csv;
    options.separator = separator_;
    options.scale = !noScale_;
    options.bigNum = !noBigNum_;
    options.aggregation = aggregation();
    return options;
}

StatAggregation StatCommand::aggregation() const {
    if (noAggr_) return StatAggregation::PerCpu;
    if (perCore_) return StatAggregation::PerCore;
    if (perSocket_) return StatAggregation::PerSocket;
    if (perThread_) return StatAggregation::PerThread;
    return StatAggregation::Global;
}

std::string StatCommand::targetDescription() const {
    auto join = [](const auto &items) {
        std::string text;
        for (const auto &item : items)
            text += (text.empty() ? "" : " ") + fmt::format("{}", item);
        return text;
    };
    if (!pids_.empty()) return fmt::format("process id '{}'", join(pids_));
    if (!tids_.empty()) return fmt::format("thread id '{}'", join(tids_));
    if (!cpuList_.empty()) return fmt::format("'CPU(s) {}'", cpuList_);
    if (systemWide_) return "'system wide'";
    return fmt::format("'{}'", join(command_));
}

void StatCommand::print(const std::string &text) const {
    std::fputs(text.c_str(), stderr); // perf stat prints its table on standard error
    std::fflush(stderr);
}

CountingOptions StatCommand::countingOptions() const {
    CountingOptions options;
    options.command = command_;
    options.pids = pids_;
    options.tids = tids_;
    options.systemWide = systemWide_;
    if (!cpuList_.empty()) options.cpus = parseCpuList(cpuList_);
    options.intervalMs = static_cast<uint64_t>(intervalMs_);
    options.intervalCount = intervalCount_;
    // As record: the privileged helper when the user asked for what needs privileges and lacks them.
    options.privilegedOpenerFactory =
        [started = tracefsHelper_](bool systemWide,
                                   const std::vector<pid_t> &pids) -> std::unique_ptr<EventOpener> {
        std::unique_ptr<HelperEventOpener> helper = *started ? std::move(*started) : startPrivilegedHelper();
        helper->setScope(systemWide, pids);
        return helper;
    };
    return options;
}

// Tracepoints are described by tracefs, often root's only: then it is read through the privileged helper,
// which the first run then counts with.
std::vector<EventSpec> StatCommand::parseEvents(const std::string &text) {
    try {
        return EventParser().parse(text);
    } catch (const TracefsRefused &refused) {
        try {
            *tracefsHelper_ = startPrivilegedHelper();
        } catch (const Error &error) {
            throw Error(std::string(refused.what()) + "; " + error.what());
        }
    }
    return EventParser(PmuCatalog::load(), TracepointCatalog(**tracefsHelper_)).parse(text);
}

StatCommand::RunResult StatCommand::runOnce(const std::vector<EventSpec> &specs, bool printIntervals) {
    CountingRun counting(specs, countingOptions());
    const CounterSet &counters = counting.counters();
    const CounterTarget &target = counters.target();
    const auto events = StatEventInfo::from(counters.events());
    const StatFormatOptions formatOptions = outputOptions();
    const StatFormatter formatter(events, formatOptions);

    std::optional<PerfDataWriter> writer;
    std::optional<StatRecordWriter> statRecords;
    if (!outputPath_.empty()) {
        writer.emplace(outputPath_, counters.fileAttrs());
        writer->addEmptyFeature(kFeatStat);
        const StatRecordWriter::Config config{statAggrMode(aggregation()), static_cast<uint64_t>(intervalMs_),
                                              !noScale_};
        statRecords.emplace(counters, *writer, config);
        statRecords->writeMaps(counting.threadNames());
    }

    if (printIntervals && formatOptions.output == StatOutput::Human) print(formatter.intervalHeader());
    const auto onInterval = [&](const CountingInterval &interval) {
        if (statRecords) statRecords->write(interval.cumulative, interval.sinceStartNs);
        if (!printIntervals) return;
        const auto groups = aggregateCounters(formatOptions.aggregation, target.cpus, target.threads,
                                              counting.threadNames(), interval.delta);
        print(
            formatter.counters(groups, static_cast<double>(interval.lengthNs), interval.sinceStartNs / 1e9));
    };
    // SIGINT/SIGTERM end the counting (the launched program gets them too), so the counts so far are printed.
    const ActiveRun active(counting);
    const StopSignals signals(onStopSignal);
    const CountingResult counted = counting.run(onInterval);

    if (statRecords) {
        // perf stat record ends an interval session with its last interval round, others with a FINAL round.
        if (intervalMs_ == 0) statRecords->write(counted.final, counted.elapsedNs, true);
        SessionMetadata metadata = SessionMetadata::fromThisMachine();
        metadata.cmdline = cmdline_;
        writer->finish(metadata);
    }
    RunResult result;
    result.events = events;
    result.exitCode = counted.exitCode;
    result.groups = aggregateCounters(formatOptions.aggregation, target.cpus, target.threads,
                                      counting.threadNames(), counted.final);
    result.elapsedSeconds = static_cast<double>(counted.elapsedNs) / 1e9;
    result.userSeconds = counted.userSeconds;
    result.sysSeconds = counted.sysSeconds;
    return result;
}

int StatCommand::run() {
    validate();
    const std::string eventText = [&] {
        std::string text;
        for (const auto &event : events_)
            text += (text.empty() ? "" : ",") + event;
        return text.empty() ? defaultStatEvents() : text;
    }();
    const std::vector<EventSpec> specs = parseEvents(eventText);
    const bool intervals = intervalMs_ > 0;

    std::vector<std::vector<StatGroup>> runs;
    std::vector<double> elapsed;
    RunResult last;
    int exitCode = 0;
    for (int i = 0; i < repeat_; ++i) {
        last = runOnce(specs, intervals);
        runs.push_back(last.groups);
        elapsed.push_back(last.elapsedSeconds);
        if (last.exitCode != 0) exitCode = last.exitCode;
    }
    const StatFormatOptions formatOptions = outputOptions();
    const StatFormatter formatter(last.events, formatOptions);
    const bool human = formatOptions.output == StatOutput::Human;

    if (!intervals) {
        const auto groups = repeat_ > 1 ? averageRuns(runs, !noScale_) : last.groups;
        double mean = 0;
        for (double value : elapsed)
            mean += value;
        mean /= static_cast<double>(elapsed.size());
        double variance = 0;
        for (double value : elapsed)
            variance += (value - mean) * (value - mean);
        const double n = static_cast<double>(elapsed.size());
        const double stddevOfMean = n > 1 ? std::sqrt(variance / (n - 1) / n) : 0.0;
        std::string text;
        if (human) text += formatter.title(targetDescription(), repeat_);
        text += formatter.counters(groups, mean * 1e9);
        if (human)
            text +=
                formatter.footer(mean, stddevOfMean, repeat_, repeat_ > 1 ? std::nullopt : last.userSeconds,
                                 repeat_ > 1 ? std::nullopt : last.sysSeconds);
        print(text);
    }
    for (const auto &note : formatter.notes())
        if (human) print(fmt::format("perfglass-cli: note: {}\n", note));
    if (!outputPath_.empty())
        print(fmt::format("[ perfglass stat: counter series written to {} ]\n", outputPath_));
    return exitCode;
}

} // namespace perfglass::cli
