// One run of `stat`: counts a set of events on a launched program, existing processes or threads, or CPUs,
// and ends when the program exits, the attached tasks are gone, enough intervals passed or stop() is called.
// With an interval, the readings are handed out every interval while counting goes on.
//
// Use: construct (launches the program held before exec and opens the counters), add a session file with
// counters().fileAttrs() if wanted, then run().
#pragma once

#include "base/ChildProcess.h"
#include "counting/CounterSet.h"
#include "events/EventOpenRouter.h"

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace perfglass {

struct CountingOptions {
    std::vector<std::string> command; // launched and counted; with systemWide it only sets how long to count
    std::vector<pid_t> pids;          // count every thread of these processes
    std::vector<pid_t> tids;          // count these threads
    bool systemWide = false;          // count on cpus
    std::vector<int> cpus;            // system-wide: empty for every online CPU
    uint64_t intervalMs = 0;          // hand out readings this often; 0: only at the end
    int intervalCount = 0;            // stop after this many intervals; 0: no limit
    // Asked once, when the kernel refuses a counter for privileges and the user asked for what needs them
    // (the whole system, another user's process or thread, an explicit :k event or a tracepoint), for an
    // opener with more privilege: the privileged helper, told the targets (the whole system, or these
    // processes and threads). May be empty, return null or throw Error saying why there is none; counting
    // then falls back to user space, or fails naming the events and that reason.
    std::function<std::unique_ptr<EventOpener>(bool systemWide, const std::vector<pid_t> &pids)>
        privilegedOpenerFactory;
};

using CounterReadings = std::vector<std::vector<CounterValue>>; // [event][slot], as CounterSet::read()

struct CountingInterval {
    const CounterReadings &cumulative; // since counting began
    const CounterReadings &delta;      // since the previous interval
    uint64_t sinceStartNs = 0;         // when it ends, from the start of counting
    uint64_t lengthNs = 0;
};

struct CountingResult {
    CounterReadings final; // cumulative readings after counting stopped
    uint64_t elapsedNs = 0;
    int exitCode = 0; // the launched program's (128+signal when killed); 0 without one
    // CPU times of the launched program and its children; none without one or system-wide.
    std::optional<double> userSeconds;
    std::optional<double> sysSeconds;
};

class CountingRun {
public:
    using IntervalHandler = std::function<void(const CountingInterval &)>;

    // Throws Error when the program cannot be started, a process does not exist or nothing can be opened
    // (with the privileged helper's reason when it was asked for and could not be had).
    CountingRun(std::vector<EventSpec> specs, CountingOptions options);
    CountingRun(const CountingRun &) = delete;
    CountingRun &operator=(const CountingRun &) = delete;

    const CounterSet &counters() const { return *counters_; }
    // Whether the privileged helper opened the counters.
    bool throughHelper() const { return router_ && router_->usingPrivilegedOpener(); }
    // The name of each target thread (CounterTarget::threads): its comm, "?" when gone, "" for all (-1).
    const std::vector<std::string> &threadNames() const { return threadNames_; }

    // Counts until the end (see above); onInterval is called every interval when options.intervalMs > 0,
    // including a last, shorter one when counting ends between two.
    CountingResult run(const IntervalHandler &onInterval);
    // Ends counting on attached tasks and CPUs; a launched program is left to end itself. Async-signal-safe.
    void stop() { stopRequested_.store(true); }

private:
    CounterTarget resolveTarget() const;
    void openCounters(std::vector<EventSpec> specs, const CounterTarget &target);
    bool asksForPrivilege(const std::vector<EventSpec> &specs) const;
    bool targetsGone();
    void waitForIntervalOrExit(uint64_t nextTick, uint64_t intervalNs) const;
    void emitInterval(uint64_t now, const IntervalHandler &onInterval);
    CountingResult finish(uint64_t end, const IntervalHandler &onInterval);

    CountingOptions options_;
    std::optional<ChildProcess> child_;
    std::optional<EventOpenRouter> router_; // before counters_: the helper outlives the fds it opened
    std::optional<CounterSet> counters_;
    std::vector<std::string> threadNames_;
    std::atomic<bool> stopRequested_{false};
    // While running:
    uint64_t start_ = 0;
    uint64_t lastTick_ = 0;
    int intervals_ = 0;
    CounterReadings previous_;
    double childUserBefore_ = 0;
    double childSysBefore_ = 0;
};

} // namespace perfglass
