// The counter series of a Profile (Profile::counters) as charts: one chart per counting event, one line per
// CPU or thread, each point the event's rate over the interval before it. Counts are scaled by
// enabled/running when the counter was multiplexed. Clock events (task-clock, cpu-clock count nanoseconds)
// become utilisation: the fraction of the interval the CPU or thread was busy.
#pragma once

#include "profile/Profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace perfglass {

struct CounterLinePoint {
    uint64_t time = 0;  // ns, end of the interval (CounterPoint::time)
    double rate = 0;    // events per second, or busy fraction (0..1) for clock events
    uint64_t count = 0; // the (scaled) count of the interval
};

struct CounterLine {
    QString label; // "CPU 0", "thread 1234"
    int32_t cpu = -1;
    int32_t tid = -1;
    uint64_t total = 0; // scaled sum of all intervals
    std::vector<CounterLinePoint> points;
};

struct CounterChart {
    uint32_t event = 0;
    QString eventName;
    bool utilisation = false; // rates are busy fractions, not events per second
    double maxRate = 0;       // over all lines
    uint64_t start = 0;       // ns, start of the first interval
    uint64_t end = 0;         // ns, end of the last
    std::vector<CounterLine> lines;

    static std::vector<CounterChart> build(const Profile &profile);
    // "1.2 M/s", "340 /s" or "61.3 %" for utilisation.
    QString formatRate(double rate) const;
};

} // namespace perfglass
