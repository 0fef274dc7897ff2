// The counter lines of a Profile (analysis/CounterLines: the same values `perfglass-cli report --view
// counters` prints) grouped into charts: one chart per counting event, one line per CPU, thread or whole
// process, each point the value of one interval of wall time: the busy share of one CPU (clock events on a
// CPU or thread), the CPUs utilized (clock events of a whole process) or events per second. Counts of
// multiplexed counters are scaled by enabled/running, and each point keeps its running share.
#pragma once

#include "analysis/CounterLines.h"
#include "profile/Profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace perfglass {

struct CounterChartPoint {
    uint64_t begin = 0;      // ns, start of the interval
    uint64_t time = 0;       // ns, end of the interval
    double rate = 0;         // in the chart's unit (CounterRatePoint::value)
    double count = 0;        // the (scaled) count of the interval; ns for clock events
    double runningShare = 1; // below 1: multiplexed, counted only that share of the time
};

struct CounterChartLine {
    QString label; // "CPU 0", "thread 1234 (name)", "process 1234 (name), all threads"
    CounterLineKind kind = CounterLineKind::All;
    int32_t cpu = -1;
    int32_t tid = -1;
    double total = 0; // scaled sum of all intervals
    std::vector<CounterChartPoint> points;
};

struct CounterChart {
    uint32_t event = 0;
    QString eventName;
    CounterUnit unit = CounterUnit::PerSecond;
    bool utilisation = false;   // busy share or CPUs utilized, not events per second
    double maxRate = 0;         // over all lines
    double minRunningShare = 1; // below 1: some interval was multiplexed
    uint64_t start = 0;         // ns, start of the first interval
    uint64_t end = 0;           // ns, end of the last
    std::vector<CounterChartLine> lines;

    static std::vector<CounterChart> build(const Profile &profile);
    // What the chart plots, in words: "task-clock: busy share of one CPU per interval of wall time".
    QString title() const;
    // "61.3 %" (busy share), "1.25 CPUs", "1.2 M/s" or "340 /s".
    QString formatRate(double rate) const;
    // The count of an interval: "31.2 ms of CPU time" for clocks, "1,234 events" otherwise.
    QString formatCount(double count) const;
    static QString lineLabel(const CounterLine &line);
};

} // namespace perfglass
