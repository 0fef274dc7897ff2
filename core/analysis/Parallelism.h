// How many threads of each process ran at each moment, from the session's context switches (`record
// --latency`, PERF_RECORD_SWITCH), and the latency of samples: a sample's period divided by the parallelism
// of its process at its time, as perf 6.15's `report --latency` weighs them, so a function that runs while
// seven other threads of its program also run costs an eighth of the wall-clock time of one that runs alone.
//
// A thread runs from a switch onto a CPU to its next switch off one; a thread whose first switch is off a CPU
// ran from the start of the session. The parallelism of a sample is the number of its process' threads then
// running, at least 1 (the sampled thread ran) and at most the CPUs the machine had (as perf clamps it).
// perf counts the threads of every recorded process together (one count per session); for a recording of one
// program the two are the same. Counted with SampleFilter::cost = CostKind::Latency.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace perfglass {

struct ParallelismStep {
    uint64_t time = 0;    // from this time on
    uint32_t running = 0; // this many threads of the process run
};

class Parallelism {
public:
    static Parallelism compute(const Profile &profile);

    // The session has context switches to count from (recorded with --latency or --off-cpu).
    bool known() const { return known_; }
    // The parallelism of PID at TIME, clamped to [1, the machine's CPUs].
    uint32_t at(uint32_t pid, uint64_t time) const;
    // PID's steps in time order (for the timeline); empty for a process without switches.
    const std::vector<ParallelismStep> &steps(uint32_t pid) const;
    // Per sample: its parallelism (at()).
    std::vector<uint32_t> perSample(const Profile &profile) const;
    // Per sample: its period divided by its parallelism, rounded (CostKind::Latency's weights).
    std::shared_ptr<const std::vector<uint64_t>> latencyWeights(const Profile &profile) const;

private:
    std::unordered_map<uint32_t, std::vector<ParallelismStep>> steps_; // by pid
    uint32_t cpus_ = 0;                                                // 0: no upper clamp
    bool known_ = false;
};

} // namespace perfglass
