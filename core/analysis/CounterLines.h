// What counter charts draw and `report --view counters` prints: the counter series of a Profile as lines of
// values per interval of wall time (docs/session-format.md, "Counter series"), computed here once for the GUI
// and the CLI. One line per CPU (system-wide counters), per thread (counters read per thread) or for the
// whole process (a launched program's inherited counter, which adds up all its threads). The value of an
// interval is its count, scaled by enabled/running when the counter was multiplexed, divided by the
// interval's wall time: for clock events (task-clock, cpu-clock) the busy share of one CPU, or the CPUs
// utilized by a whole process (as `stat -I` prints it); for every other event, events per second.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

enum class CounterUnit {
    Busy,         // CPU time / wall time of one CPU or one thread: 0..1
    CpusUtilized, // CPU time / wall time of a whole process: 0..number of CPUs
    PerSecond,    // events / wall seconds
};

enum class CounterLineKind {
    Cpu,     // a counter on one CPU, every task
    Thread,  // a counter on one thread, every CPU
    Process, // an inherited counter: the thread and every thread and child it created
    All,     // neither CPU nor thread known
};

struct CounterRatePoint {
    uint64_t begin = 0;      // ns, start of the interval (CounterPoint::begin)
    uint64_t end = 0;        // ns, end of the interval (CounterPoint::time)
    double value = 0;        // in the line's unit
    double count = 0;        // events (ns for clocks) in the interval, scaled when multiplexed
    double runningShare = 1; // running / enabled: below 1 when the counter was multiplexed
};

struct CounterLine {
    uint32_t event = 0; // index into Profile::events
    std::string eventName;
    CounterUnit unit = CounterUnit::PerSecond;
    CounterLineKind kind = CounterLineKind::All;
    int32_t cpu = -1;
    int32_t tid = -1;
    std::string threadName;
    std::vector<CounterRatePoint> points; // in time order; intervals where it was not counted are left out
    double maxValue = 0;
    double minRunningShare = 1;
    double total = 0; // sum of the points' counts

    // "CPU 0", "thread 1234 (name)", "process 1234 (name), all threads" or "all".
    std::string label() const;
};

class CounterLines {
public:
    // Lines by event (Profile::events order), then CPU, then thread.
    static CounterLines compute(const Profile &profile);

    uint64_t start = 0; // ns, the earliest interval's begin
    uint64_t end = 0;   // ns, the latest interval's end
    std::vector<CounterLine> lines;

    double secondsSinceStart(uint64_t time) const { return static_cast<double>(time - start) / 1e9; }
};

// "busy", "cpus-utilized" or "per-second", as the JSON report names them.
const char *counterUnitName(CounterUnit unit);

} // namespace perfglass
