// The cost and number of the samples a SampleFilter accepts, per Profile stack: the one pass over the samples
// that the trees and the flat profile are folded from (StackCosts). A snapshot of a growing profile holds
// its predecessor's samples first and its stacks first, so the sums of the predecessor extend to it by the
// samples it added: a live refresh costs what was recorded since the last one, not what exists.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

struct StackSampleSums {
    std::vector<uint64_t> cost;  // by Profile stack
    std::vector<uint64_t> count; // by Profile stack
    uint64_t emptyCost = 0;      // samples without a stack
    uint64_t emptyCount = 0;
    size_t samplesSummed = 0; // the profile's first samples that the sums hold
    size_t extendedFrom = 0;  // extended from sums of this many samples (0: summed from the first sample)

    // Throws Cancelled.
    static std::shared_ptr<const StackSampleSums> compute(const Profile &profile, const SampleFilter &filter,
                                                          const AggregationControl &control = {});
    // The sums of profile, which holds the samples and stacks of the profile previous was summed from first,
    // under the same filter (canExtend): previous plus the samples added since.
    static std::shared_ptr<const StackSampleSums> extend(const StackSampleSums &previous,
                                                         const Profile &profile, const SampleFilter &filter,
                                                         const AggregationControl &control = {});
    // Whether sums made under filter `before` may be extended under `after`: ungrouped (per-process grouping
    // is summed by GroupedSampleSums) and sameSamplesAndWeights.
    static bool canExtend(const SampleFilter &before, const SampleFilter &after);
    // Whether `after` accepts the samples `before` does, with each sample's weight its own (off-CPU and
    // latency weights of earlier samples change as the profile grows), whatever either groups by: what every
    // aggregation of a growing profile needs to extend an earlier snapshot's.
    static bool sameSamplesAndWeights(const SampleFilter &before, const SampleFilter &after);

private:
    void add(const Profile &profile, const SampleFilter &filter, size_t begin, size_t end);
    static void addInParallel(StackSampleSums &into, const Profile &profile, const SampleFilter &filter,
                              size_t begin, size_t end, const AggregationControl &control);
};

} // namespace perfglass
