#include "StatCommand.h"

#include "StopSignals.h"

#include "base/ChildProcess.h"
#include "base/CpuList.h"
#include "base/Error.h"
#include "base/MonotonicClock.h"
#include "counting/CounterSampler.h"
#include "counting/CounterSession.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/StatRecords.h"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>

namespace perfglass::cli {

namespace {

constexpr unsigned kFeatStat = 19; // HEADER_STAT: "contains stat data"

std::atomic<bool> stopRequested{false};

void onStopSignal(int) {
    stopRequested.store(true);
}

double seconds(const timeval &time) {
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
}

std::string commOf(pid_t tid) {
    std::ifstream file("/proc/" + std::to_string(tid) + "/comm");
    std::string comm;
    std::getline(file, comm);
    return comm.empty() ? std::string("?") : comm;
}

// A task that exited but was not reaped yet (a zombie) counts as gone.
bool alive(pid_t pid) {
    std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(file, text);
    const auto paren = text.rfind(')');
    if (paren == std::string::npos || paren + 2 >= text.size()) return false;
    const char state = text[paren + 2];
    return state != 'Z' && state != 'X';
}

bool anyAlive(const std::vector<pid_t> &pids) {
    for (pid_t pid : pids)
        if (alive(pid)) return true;
    return false;
}

std::vector<std::vector<CounterValue>> deltas(const std::vector<std::vector<CounterValue>> &now,
                                              const std::vector<std::vector<CounterValue>> &before) {
    auto result = now;
    for (size_t e = 0; e < now.size(); ++e)
        for (size_t s = 0; s < now[e].size(); ++s)
            result[e][s] = now[e][s].since(before[e][s]);
    return result;
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

StatCommand::RunResult StatCommand::runOnce(const std::vector<EventSpec> &specs, bool printIntervals) {
    std::optional<ChildProcess> child;
    if (!command_.empty()) child.emplace(command_, "", std::vector<std::string>{});

    CounterTarget target;
    if (systemWide_)
        target = CounterTarget::systemWide(cpuList_.empty() ? onlineCpus() : parseCpuList(cpuList_));
    else if (!pids_.empty())
        target = CounterTarget::processes(pids_);
    else if (!tids_.empty())
        target = CounterTarget::threadList(tids_);
    else
        target = CounterTarget::launched(child->pid());
    std::vector<std::string> threadNames;
    for (pid_t tid : target.threads)
        threadNames.push_back(tid < 0 ? std::string() : commOf(tid));

    CounterSession session(specs, target);
    const auto events = StatEventInfo::from(session.events());
    const StatFormatOptions formatOptions = outputOptions();
    const StatFormatter formatter(events, formatOptions);

    std::optional<PerfDataWriter> writer;
    std::optional<CounterSampler> sampler;
    if (!outputPath_.empty()) {
        writer.emplace(outputPath_, session.sessionAttrs());
        writer->addEmptyFeature(kFeatStat);
        CounterSampler::Config config;
        const StatAggregation mode = aggregation();
        config.aggrMode = mode == StatAggregation::PerCpu      ? stat::kAggrNone
                          : mode == StatAggregation::PerThread ? stat::kAggrThread
                                                               : stat::kAggrGlobal;
        config.intervalMs = static_cast<uint64_t>(intervalMs_);
        config.scale = !noScale_;
        sampler.emplace(session, *writer, config);
        sampler->writeMaps();
    }

    // SIGINT/SIGTERM end the counting (the launched program gets them too), so the counts so far are printed.
    stopRequested.store(false);
    StopSignals signals(onStopSignal);
    rusage usageBefore{};
    ::getrusage(RUSAGE_CHILDREN, &usageBefore);
    if (!target.enableOnExec) session.enable();
    const uint64_t start = monotonicNanoseconds();
    if (child) child->release();

    std::vector<std::vector<CounterValue>> previous(session.events().size(),
                                                    std::vector<CounterValue>(session.slotCount()));
    uint64_t lastTick = start;
    int intervals = 0;
    if (printIntervals && formatOptions.output == StatOutput::Human) print(formatter.intervalHeader());
    auto emitInterval = [&](uint64_t now) {
        auto cumulative = session.read();
        if (sampler) sampler->write(cumulative, now - start);
        if (printIntervals) {
            const auto groups = aggregateCounters(formatOptions.aggregation, target.cpus, target.threads,
                                                  threadNames, deltas(cumulative, previous));
            print(formatter.counters(groups, static_cast<double>(now - lastTick), (now - start) / 1e9));
        }
        previous = std::move(cumulative);
        lastTick = now;
        ++intervals;
    };

    const uint64_t intervalNs = static_cast<uint64_t>(intervalMs_) * 1'000'000ull;
    uint64_t nextTick = start + intervalNs;
    bool childExited = false;
    while (true) {
        if (child && child->tryWait()) {
            childExited = true;
            break;
        }
        if (stopRequested.load() && !child) break;
        if (!pids_.empty() && !anyAlive(pids_)) break;
        if (!tids_.empty() && !anyAlive(tids_)) break;
        const uint64_t now = monotonicNanoseconds();
        if (intervalNs > 0 && now >= nextTick) {
            emitInterval(now);
            nextTick += intervalNs;
            if (nextTick <= now) nextTick = now + intervalNs; // we fell behind: skip, do not burst
            if (intervalCount_ > 0 && intervals >= intervalCount_) break;
            continue;
        }
        int timeoutMs = 250; // attached targets are checked for exit this often
        if (intervalNs > 0)
            timeoutMs = static_cast<int>(std::min<uint64_t>(250, (nextTick - now + 999'999) / 1'000'000));
        pollfd fds{child ? child->exitFd() : -1, POLLIN, 0};
        ::poll(&fds, child ? 1 : 0, timeoutMs);
    }
    const uint64_t end = monotonicNanoseconds();
    session.disable();

    RunResult result;
    result.events = events;
    if (child && !childExited) {
        child->signal(SIGTERM); // --interval-count ended the counting before the program
        result.exitCode = child->wait();
    } else if (child) {
        result.exitCode = child->wait();
    }
    const auto final = session.read();
    if (intervalNs > 0 && end > lastTick && (intervalCount_ == 0 || intervals < intervalCount_))
        emitInterval(end);
    if (sampler) {
        // perf stat record ends an interval session with its last interval round, others with a FINAL round.
        if (intervalNs == 0) sampler->write(final, end - start, true);
        SessionMetadata metadata = SessionMetadata::fromThisMachine();
        metadata.cmdline = cmdline_;
        writer->finish(metadata);
    }
    result.groups =
        aggregateCounters(formatOptions.aggregation, target.cpus, target.threads, threadNames, final);
    result.elapsedSeconds = static_cast<double>(end - start) / 1e9;
    if (child && !systemWide_) { // perf shows user and sys times of the program, not of the whole system
        rusage usageAfter{};
        ::getrusage(RUSAGE_CHILDREN, &usageAfter);
        result.userSeconds = seconds(usageAfter.ru_utime) - seconds(usageBefore.ru_utime);
        result.sysSeconds = seconds(usageAfter.ru_stime) - seconds(usageBefore.ru_stime);
    }
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
    const std::vector<EventSpec> specs = EventParser().parse(eventText);
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
