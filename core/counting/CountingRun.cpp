#include "counting/CountingRun.h"

#include "base/CpuList.h"
#include "base/Error.h"
#include "base/MonotonicClock.h"
#include "base/ProcFs.h"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <tuple>
#include <utility>

namespace perfglass {

namespace {

constexpr int kExitCheckMs = 250; // attached targets are checked for exit this often

bool anyRunning(const std::vector<pid_t> &pids) {
    return std::any_of(pids.begin(), pids.end(), isRunning);
}

CounterReadings deltas(const CounterReadings &now, const CounterReadings &before) {
    auto result = now;
    for (size_t e = 0; e < now.size(); ++e)
        for (size_t s = 0; s < now[e].size(); ++s)
            result[e][s] = now[e][s].since(before[e][s]);
    return result;
}

double seconds(const timeval &time) {
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
}

// User and system CPU seconds of the reaped children of this process.
std::pair<double, double> childrenTimes() {
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return {seconds(usage.ru_utime), seconds(usage.ru_stime)};
}

// Events that only the hardware lacks leave a run that shows "<not supported>", as perf stat does; when
// every other event was refused, counting would show nothing and end as if it had worked.
void refuseWhenNothingCounts(const std::vector<CounterEvent> &events) {
    const auto counting = [](const CounterEvent &event) { return event.status == CounterStatus::Counting; };
    const auto notCounted = [](const CounterEvent &event) {
        return event.status == CounterStatus::NotCounted;
    };
    if (std::any_of(events.begin(), events.end(), counting) ||
        std::none_of(events.begin(), events.end(), notCounted))
        return;
    std::vector<std::pair<std::string, std::string>> byReason; // (reason, event names)
    for (const auto &event : events) {
        if (!notCounted(event)) continue;
        auto found = std::find_if(byReason.begin(), byReason.end(),
                                  [&](const auto &entry) { return entry.first == event.reason; });
        if (found == byReason.end())
            byReason.emplace_back(event.reason, event.spec.name);
        else
            found->second += ", " + event.spec.name;
    }
    std::string text;
    for (const auto &[reason, names] : byReason)
        text += fmt::format("{}{}: {}", text.empty() ? "" : "; ", names, reason);
    throw Error("nothing could be counted: " + text);
}

} // namespace

CountingRun::CountingRun(std::vector<EventSpec> specs, CountingOptions options)
    : options_(std::move(options)) {
    if (!options_.command.empty()) child_.emplace(options_.command, "", std::vector<std::string>{});
    const CounterTarget target = resolveTarget();
    for (pid_t tid : target.threads) {
        // The launched program has not exec'd yet: it is named after its program, as the kernel will name
        // it then (15 characters), not after this process.
        const std::string &program = child_ ? options_.command.front() : std::string();
        const std::string comm = tid < 0  ? std::string()
                                 : child_ ? program.substr(program.rfind('/') + 1).substr(0, 15)
                                          : commOf(tid);
        threadNames_.push_back(tid >= 0 && comm.empty() ? std::string("?") : comm);
    }
    openCounters(std::move(specs), target);
}

// Explicit asks, as the recorder's: the whole system, another user's task, :k modifiers, tracepoints.
bool CountingRun::asksForPrivilege(const std::vector<EventSpec> &specs) const {
    if (options_.systemWide) return true;
    if (std::any_of(specs.begin(), specs.end(), [](const EventSpec &spec) {
            return spec.explicitPrivilege || spec.attr.type == PERF_TYPE_TRACEPOINT;
        }))
        return true;
    std::vector<pid_t> tasks = options_.pids;
    tasks.insert(tasks.end(), options_.tids.begin(), options_.tids.end());
    return std::any_of(tasks.begin(), tasks.end(), [](pid_t pid) {
        struct stat info {};
        const std::string path = "/proc/" + std::to_string(pid);
        return ::stat(path.c_str(), &info) == 0 && info.st_uid != ::geteuid();
    });
}

void CountingRun::openCounters(std::vector<EventSpec> specs, const CounterTarget &target) {
    EventOpenRouter::Factory factory;
    if (options_.privilegedOpenerFactory && asksForPrivilege(specs)) {
        std::vector<pid_t> pids = options_.pids;
        pids.insert(pids.end(), options_.tids.begin(), options_.tids.end());
        if (child_) pids.push_back(child_->pid());
        factory = [this, pids] { return options_.privilegedOpenerFactory(options_.systemWide, pids); };
    }
    router_.emplace(nullptr, std::move(factory));
    counters_.emplace(specs, target, &*router_);
    // The helper took over halfway: a group may hold fds of both openers, so open all through it again.
    if (router_->usingPrivilegedOpener()) {
        counters_.reset();
        counters_.emplace(std::move(specs), target, &*router_);
    }
    try {
        refuseWhenNothingCounts(counters_->events());
    } catch (const Error &error) {
        if (router_->privilegedOpenerFailure().empty()) throw;
        throw Error(std::string(error.what()) + "; " + router_->privilegedOpenerFailure());
    }
}

CounterTarget CountingRun::resolveTarget() const {
    if (options_.systemWide)
        return CounterTarget::systemWide(options_.cpus.empty() ? onlineCpus() : options_.cpus);
    if (!options_.pids.empty()) return CounterTarget::processes(options_.pids);
    if (!options_.tids.empty()) return CounterTarget::threadList(options_.tids);
    return CounterTarget::launched(child_->pid());
}

bool CountingRun::targetsGone() {
    if (child_) return child_->tryWait().has_value();
    if (stopRequested_.load()) return true;
    if (!options_.pids.empty() && !anyRunning(options_.pids)) return true;
    return !options_.tids.empty() && !anyRunning(options_.tids);
}

// Sleeps until the next interval is due, the launched program exits or kExitCheckMs passed.
void CountingRun::waitForIntervalOrExit(uint64_t nextTick, uint64_t intervalNs) const {
    int timeoutMs = kExitCheckMs;
    if (intervalNs > 0) {
        const uint64_t now = monotonicNanoseconds();
        const uint64_t untilTick = nextTick > now ? (nextTick - now + 999'999) / 1'000'000 : 0;
        timeoutMs = static_cast<int>(std::min<uint64_t>(kExitCheckMs, untilTick));
    }
    pollfd exitFd{child_ ? child_->exitFd() : -1, POLLIN, 0};
    ::poll(&exitFd, child_ ? 1 : 0, timeoutMs);
}

void CountingRun::emitInterval(uint64_t now, const IntervalHandler &onInterval) {
    CounterReadings cumulative = counters_->read();
    const CounterReadings delta = deltas(cumulative, previous_);
    if (onInterval) onInterval({cumulative, delta, now - start_, now - lastTick_});
    previous_ = std::move(cumulative);
    lastTick_ = now;
    ++intervals_;
}

CountingResult CountingRun::run(const IntervalHandler &onInterval) {
    std::tie(childUserBefore_, childSysBefore_) = childrenTimes();
    if (!counters_->target().enableOnExec) counters_->enable();
    start_ = lastTick_ = monotonicNanoseconds();
    if (child_) child_->release();
    previous_.assign(counters_->events().size(), std::vector<CounterValue>(counters_->slotCount()));

    const uint64_t intervalNs = options_.intervalMs * 1'000'000ull;
    uint64_t nextTick = start_ + intervalNs;
    while (!targetsGone()) {
        const uint64_t now = monotonicNanoseconds();
        if (intervalNs == 0 || now < nextTick) {
            waitForIntervalOrExit(nextTick, intervalNs);
            continue;
        }
        emitInterval(now, onInterval);
        nextTick += intervalNs;
        if (nextTick <= now) nextTick = now + intervalNs; // we fell behind: skip, do not burst
        if (options_.intervalCount > 0 && intervals_ >= options_.intervalCount) break;
    }
    return finish(monotonicNanoseconds(), onInterval);
}

CountingResult CountingRun::finish(uint64_t end, const IntervalHandler &onInterval) {
    counters_->disable();
    CountingResult result;
    if (child_) {
        child_->signal(SIGTERM); // --interval-count ended the counting before the program
        result.exitCode = child_->wait();
    }
    result.final = counters_->read();
    const bool intervalsLeft = options_.intervalCount == 0 || intervals_ < options_.intervalCount;
    if (options_.intervalMs > 0 && end > lastTick_ && intervalsLeft) emitInterval(end, onInterval);
    result.elapsedNs = end - start_;
    if (child_ && !options_.systemWide) { // perf shows the program's times, not the whole system's
        const auto [user, sys] = childrenTimes();
        result.userSeconds = user - childUserBefore_;
        result.sysSeconds = sys - childSysBefore_;
    }
    return result;
}

} // namespace perfglass
