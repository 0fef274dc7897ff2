// Which samples an aggregation counts, and how it weighs them.
#pragma once

#include "analysis/Transform.h"
#include "profile/Profile.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace perfglass {

enum class CostKind {
    Period,  // the event's period: time for clock events, counts for others (what perf report shows)
    Samples, // one per sample
    OffCpu,  // the time the sample's thread then stayed off the CPU (SampleFilter::offCpuTime, OffCpuTime.h)
    Latency, // the period divided by the parallelism of the sample's process (SampleFilter::latency,
             // Parallelism.h): wall-clock time
};

// A per-process level above the call stacks (as sysprof and the Firefox Profiler have): one root box per
// process, and optionally one per thread below it (analysis/ProcessGroups.h).
enum class ProcessGrouping : uint8_t {
    None,
    Process,
    ProcessThread,
};

// The same part of every period of time: a rectangle of the heat map (the rows FROM to TO of each of its
// columns). A time is in it when its offset into its period, (time - origin) % period, lies in [from, to).
struct TimeSlice {
    uint64_t origin = 0;
    uint64_t period = 0;
    uint64_t from = 0; // inclusive
    uint64_t to = 0;   // exclusive
    bool operator==(const TimeSlice &) const = default;
    bool contains(uint64_t time) const {
        if (time < origin || period == 0) return false;
        const uint64_t offset = (time - origin) % period;
        return offset >= from && offset < to;
    }
};

struct SampleFilter {
    int event = 0; // index into Profile::events; -1 counts every event
    CostKind cost = CostKind::Period;
    std::optional<uint64_t> startTime; // inclusive
    std::optional<uint64_t> endTime;   // exclusive
    std::optional<TimeSlice> slice;    // within the time range, only this part of each period
    std::vector<uint32_t> pids;        // empty: all
    std::vector<uint32_t> tids;
    std::vector<uint32_t> cpus;
    // Null: every sample; else only those marked (ThreadCommands::samplesOf: the samples of some commands).
    std::shared_ptr<const std::vector<bool>> chosenSamples;
    // Applied to every stack, in order, before aggregation (see Transform.h).
    std::vector<Transform> transforms;
    ProcessGrouping grouping = ProcessGrouping::None;
    bool hideIdle = false; // drop the samples of the idle task (PID 0, "swapper")
    // CostKind::OffCpu: nanoseconds off the CPU, by sample (OffCpuTime::compute); null counts 0.
    std::shared_ptr<const std::vector<uint64_t>> offCpuTime;
    // CostKind::Latency: the weight of each sample (Parallelism::latencyWeights); null counts 0.
    std::shared_ptr<const std::vector<uint64_t>> latency;

    bool operator==(const SampleFilter &) const = default;
    bool accepts(const Profile &profile, size_t sample) const;
    bool hasTimeSelection() const { return startTime || endTime || slice; }
    void clearTimeSelection() {
        startTime.reset();
        endTime.reset();
        slice.reset();
    }
    uint64_t weight(const Profile &profile, size_t sample) const {
        if (cost == CostKind::OffCpu) return offCpuTime ? (*offCpuTime)[sample] : 0;
        if (cost == CostKind::Latency) return latency ? (*latency)[sample] : 0;
        return cost == CostKind::Period ? profile.samples.period[sample] : 1;
    }
};

} // namespace perfglass
