// Per-thread activity over time: the range [start, end) cut into N equal buckets, with the number and cost
// of each thread's samples in each bucket. Samples that transforms drop (focus, drop function) do not count.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstdint>
#include <vector>

namespace perfglass {

struct ThreadTimeline {
    uint32_t pid = 0;
    uint32_t tid = 0;
    StringId name = 0;             // from Profile::threads; 0 (empty) when unknown
    std::vector<uint32_t> samples; // per bucket
    std::vector<uint64_t> cost;    // per bucket
    uint64_t totalSamples = 0;
    uint64_t totalCost = 0;
};

struct TimelineBuckets {
    uint64_t start = 0; // time of the first bucket's start
    uint64_t end = 0;   // exclusive
    size_t bucketCount = 0;
    std::vector<ThreadTimeline> threads; // by pid, then tid

    uint64_t bucketStart(size_t bucket) const;
    size_t bucketOf(uint64_t time) const; // time must lie in [start, end)

    // The range is the filter's time range where set, else the profile's first to last sample.
    static TimelineBuckets compute(const Profile &profile, const SampleFilter &filter, size_t bucketCount,
                                   const AggregationControl &control = {});
};

} // namespace perfglass
