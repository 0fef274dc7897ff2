// One reading of a counting event: the count and the times the event was enabled and actually running on a
// PMU (perf_event_open(2), PERF_FORMAT_TOTAL_TIME_ENABLED|PERF_FORMAT_TOTAL_TIME_RUNNING).
#pragma once

#include <cstdint>

namespace perfglass {

struct CounterValue {
    uint64_t value = 0;
    uint64_t enabled = 0; // ns
    uint64_t running = 0; // ns

    // Extrapolates a multiplexed count to the whole enabled time, as perf stat does.
    double scaled() const {
        if (running == 0) return 0.0;
        if (running >= enabled) return static_cast<double>(value);
        return static_cast<double>(value) * static_cast<double>(enabled) / static_cast<double>(running);
    }
    double runningPercent() const {
        return enabled == 0 ? 100.0 : 100.0 * static_cast<double>(running) / static_cast<double>(enabled);
    }
    // The counter never ran in the measured time (perf's "<not counted>").
    bool notCounted() const { return running == 0; }

    CounterValue &operator+=(const CounterValue &other) {
        value += other.value;
        enabled += other.enabled;
        running += other.running;
        return *this;
    }
    // The change since an earlier cumulative reading (clamped at 0 for counters that were reset).
    CounterValue since(const CounterValue &earlier) const {
        auto minus = [](uint64_t a, uint64_t b) { return a >= b ? a - b : 0; };
        return {minus(value, earlier.value), minus(enabled, earlier.enabled),
                minus(running, earlier.running)};
    }
    bool operator==(const CounterValue &) const = default;
};

} // namespace perfglass
