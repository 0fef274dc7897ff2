// Counter series of a session (design.md, "Profile"): per counting event and per CPU or thread, the values
// read every interval. Stored in perf.data as perf's own PERF_RECORD_STAT/STAT_ROUND records
// (docs/session-format.md). analysis/CounterLines turns them into what charts and reports show.
#pragma once

#include "base/ChunkedTable.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct CounterPoint {
    uint64_t begin = 0;   // ns, when the interval began: the previous read (see docs/session-format.md)
    uint64_t time = 0;    // ns, the STAT_ROUND time of the read, the end of the interval
    uint64_t delta = 0;   // events counted since the previous point
    uint64_t enabled = 0; // ns the counter was enabled since the previous point (a per-thread counter is
                          // enabled only while its thread runs: this is not the interval's wall time)
    uint64_t running = 0; // ns it was running on a PMU since the previous point (< enabled: multiplexed)
    bool final = false;   // the last read of the session (STAT_ROUND type FINAL)
};

struct CounterSeries {
    uint32_t event = 0; // index into Profile::events
    std::string eventName;
    int32_t cpu = -1;       // the CPU counted, -1 when the counter follows a thread on every CPU
    int32_t tid = -1;       // the thread counted, -1 when system-wide
    std::string threadName; // the thread map's name of tid (its comm), may be empty
    // The counter was inherited (attr.inherit): its counts include every thread and child process the
    // thread created after counting began. A launched program's only counter is such: the whole process.
    bool inherited = false;
    // The session counted a launched program from its exec (attr.enable_on_exec): an inherited counter of its
    // only thread is then the whole program.
    bool launched = false;
    bool clock = false; // task-clock, cpu-clock: counts nanoseconds of CPU time
    // In chunks of 64 that copies share: a snapshot of a growing profile copies a pointer per 64 points.
    ChunkedTable<CounterPoint, 6> points;

    uint64_t total() const {
        uint64_t sum = 0;
        for (const auto &point : points)
            sum += point.delta;
        return sum;
    }
};

} // namespace perfglass
