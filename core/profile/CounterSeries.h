// Counter series of a session (design.md, "Profile"): per counting event and per CPU or thread, the values
// read every interval. Stored in perf.data as perf's own PERF_RECORD_STAT/STAT_ROUND records
// (docs/session-format.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct CounterPoint {
    uint64_t time = 0;    // ns, the STAT_ROUND time of the read (see docs/session-format.md)
    uint64_t delta = 0;   // events counted since the previous point
    uint64_t enabled = 0; // ns the counter was enabled since the previous point
    uint64_t running = 0; // ns it was running on a PMU since the previous point (< enabled: multiplexed)
    bool final = false;   // the last read of the session (STAT_ROUND type FINAL)
};

struct CounterSeries {
    uint32_t event = 0; // index into Profile::events
    std::string eventName;
    int32_t cpu = -1; // the CPU counted, -1 when the counter follows a thread on every CPU
    int32_t tid = -1; // the thread counted, -1 when system-wide
    std::vector<CounterPoint> points;

    uint64_t total() const {
        uint64_t sum = 0;
        for (const auto &point : points)
            sum += point.delta;
        return sum;
    }
};

} // namespace perfglass
