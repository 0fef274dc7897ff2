// Turns perf's event syntax into kernel attributes: symbolic names ("cpu-clock", "cycles:u"), cache events
// ("L1-dcache-load-misses"), raw events ("r1a8"), PMU events ("cpu/event=0x3c,umask=0x1/k", "msr/tsc/",
// "tsc"), tracepoints ("sched:sched_switch", "sched:*"), breakpoints ("mem:0x1000/8:w"), groups ("{a,b}:u")
// and comma-separated lists of these. Any event name may carry the terms period=, freq= and name= between
// slashes ("cpu-clock/period=10000/", "sched:sched_switch/name=sw/u").
#pragma once

#include "base/FdOrErrno.h"
#include "events/GenericEvents.h"
#include "events/PmuCatalog.h"
#include "events/TracepointCatalog.h"

#include <linux/perf_event.h>

#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

struct EventSpec {
    std::string name; // as the user wrote it (or the name= term), shown in reports
    perf_event_attr
        attr{}; // type, config and the modifiers' exclude_* bits; sampling fields are left to callers
    int groupLeader = -1; // index of the group leader in the parsed list (the leader's own index for the
                          // leader), -1 when not in a group
    bool explicitPrivilege =
        false; // the user asked for :k/:h or another modifier that names privilege levels

    EventCategory category = EventCategory::Hardware;
    std::string pmu;            // the PMU of a PMU event ("cpu", "msr", "power"), empty otherwise
    double scale = 1.0;         // from the named event's .scale file
    std::string unit;           // from the named event's .unit file
    std::vector<int> cpus;      // the PMU's cpumask: when non-empty, open on these CPUs with pid -1 only
    bool sampleRead = false;    // :S, read the group's counters on each sample of the leader
    uint64_t termPeriod = 0;    // period=N term (also in attr.sample_period), 0 when absent
    uint64_t termFrequency = 0; // freq=N term (also in attr.sample_freq), 0 when absent
};

class EventParser {
public:
    // tracefsRoot locates tracepoints (tracefsRoot/events/SUBSYSTEM/NAME/id); empty means the mounted
    // tracefs. sysfsRoot holds the PMUs (sysfsRoot/PMU/{type,format,events}).
    explicit EventParser(std::string tracefsRoot = {}, std::string sysfsRoot = PmuCatalog::kDefaultRoot);
    EventParser(PmuCatalog pmus, TracepointCatalog tracepoints);

    // Parses a comma-separated list. Throws Error naming the token (and its position) that is not understood
    // and the closest known names.
    std::vector<EventSpec> parse(std::string_view text) const;

    const PmuCatalog &pmus() const { return pmus_; }
    const TracepointCatalog &tracepoints() const { return tracepoints_; }
    // Every event name this machine offers: symbolic names and aliases, cache events, "pmu/event/" and plain
    // PMU event names, and (when tracefs is readable) "subsystem:tracepoint".
    std::vector<std::string> knownNames(bool withTracepoints = true) const;

private:
    PmuCatalog pmus_;
    TracepointCatalog tracepoints_;
};

// Opens the event once on the calling thread, disabled, to learn whether this machine supports it: the
// probe's descriptor when it does, else the errno perf_event_open set.
FdOrErrno probeEvent(const perf_event_attr &attr);

} // namespace perfglass
