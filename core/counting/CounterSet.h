// A set of counting events opened on a target: every CPU of a list (system-wide) or every thread of a list
// (each thread on any CPU). Events are opened disabled with read_format
// TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID; groups (EventSpec::groupLeader) are opened with their leader so
// the kernel schedules them together. An event refused for privileges is opened again counting user space
// only, as perf stat does. An event that cannot be opened is kept with its status and reason, and the others
// still count.
#pragma once

#include "base/UniqueFd.h"
#include "events/CounterValue.h"
#include "events/EventAttr.h"
#include "events/EventOpener.h"
#include "events/EventParser.h"

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct CounterTarget {
    // System-wide: the CPUs to count on; threads must then be {-1}. Per thread: cpus must be {-1}.
    std::vector<int> cpus{-1};
    std::vector<pid_t> threads{-1};
    bool inherit = false;      // count children created later (launch mode)
    bool enableOnExec = false; // start counting when the target execs (launch mode)
    // sample_type of the attributes written to a session; a recording that mixes counters with sampling
    // events sets the sampling events' sample_type and sample_id_all so perf can parse every record.
    uint64_t sampleType = PERF_SAMPLE_IDENTIFIER;
    bool sampleIdAll = false;

    static CounterTarget systemWide(std::vector<int> cpus);
    static CounterTarget threadList(std::vector<pid_t> tids);
    static CounterTarget launched(pid_t pid);
    // Every thread of each process, from /proc/PID/task. Throws Error naming a PID that does not exist.
    static CounterTarget processes(const std::vector<pid_t> &pids);
};

enum class CounterStatus { Counting, NotSupported, NotCounted };

struct CounterEvent {
    EventSpec spec;
    CounterStatus status = CounterStatus::Counting;
    std::string reason;    // why it does not count, for the user
    bool userOnly = false; // refused for privileges, it counts user space only (its name then ends in ":u")
    std::string unit;      // "msec" for the clocks, empty otherwise
    double scale = 1.0;    // multiply counts by this to get unit values (1e-6 for ns -> msec)
};

class CounterSet {
public:
    // Opens every event on every target; throws Error only for a target without CPUs or threads.
    CounterSet(std::vector<EventSpec> events, CounterTarget target, EventOpener *opener = nullptr);
    CounterSet(const CounterSet &) = delete;
    CounterSet &operator=(const CounterSet &) = delete;

    void enable();
    void disable();

    const std::vector<CounterEvent> &events() const { return events_; }
    const CounterTarget &target() const { return target_; }
    size_t slotCount() const { return target_.cpus.size() * target_.threads.size(); }
    size_t slot(size_t cpuIndex, size_t threadIndex) const {
        return cpuIndex * target_.threads.size() + threadIndex;
    }

    // Cumulative values since opening: result[event][slot]. Targets whose thread is gone keep their last
    // value (the kernel keeps the count of an exited task readable).
    std::vector<std::vector<CounterValue>> read() const;
    // The kernel id of each opened counter, [event][slot], 0 where not opened.
    const std::vector<std::vector<uint64_t>> &ids() const { return ids_; }
    // The attributes with their ids, for a session file.
    std::vector<EventAttr> fileAttrs() const;

private:
    struct SlotsOpened {
        size_t opened = 0;
        int firstError = 0; // the first failure other than ESRCH, 0 when none
    };

    void openEvent(size_t index, EventOpener &opener);
    SlotsOpened openSlots(size_t index, const perf_event_attr &attr, bool isLeader, EventOpener &opener);
    // forSession: the attribute written to a session file (the target's sampleType and sampleIdAll); else
    // the one opened, which only counts and so carries PERF_SAMPLE_IDENTIFIER alone (a recording's
    // sample_type may hold bits such as PERF_SAMPLE_REGS_USER that the kernel checks against other fields).
    perf_event_attr attrFor(const EventSpec &spec, bool isLeader, bool forSession) const;

    std::vector<CounterEvent> events_;
    CounterTarget target_;
    std::vector<std::vector<UniqueFd>> fds_; // [event][slot], invalid where not opened
    std::vector<std::vector<uint64_t>> ids_;
};

// "msec" and 1e-6 for task-clock and cpu-clock (counted in ns), "" and 1 otherwise.
void counterUnit(const EventSpec &spec, std::string &unit, double &scale);
// perf stat's default event list: task-clock, context-switches, cpu-migrations, page-faults, cycles,
// instructions, branches, branch-misses.
std::string defaultStatEvents();

} // namespace perfglass
