// Per-thread and per-CPU activity over time: the range [start, end) cut into N equal buckets, with the number
// and cost of each thread's (and each CPU's) samples in each bucket. Samples that transforms drop (focus,
// drop function) do not count.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstdint>
#include <vector>

namespace perfglass {

// One row of buckets: a thread's samples, or a CPU's.
struct TimelineSeries {
    std::vector<uint32_t> samples; // per bucket
    std::vector<uint64_t> cost;    // per bucket
    uint64_t totalSamples = 0;
    uint64_t totalCost = 0;

    void add(size_t bucket, uint64_t weight);
    void merge(const TimelineSeries &other);
};

struct ThreadTimeline : TimelineSeries {
    uint32_t pid = 0;
    uint32_t tid = 0;
    StringId name = 0; // the command at its last sample (ThreadInfo::commandAt); 0 (empty) when unknown
    // The commands the thread had at its samples, each with the time of its first sample, in time order: more
    // than one when it exec'd or was renamed within the range (a child runs as its parent until it execs).
    std::vector<CommandChange> commands;
    bool userSpace = false; // some sample has a user-space frame; false for kernel threads and the idle task
};

// The samples on one CPU of every thread but the idle task (pid 0): how busy the CPU was.
struct CpuTimeline : TimelineSeries {
    uint32_t cpu = 0;
};

struct TimelineBuckets {
    uint64_t start = 0; // time of the first bucket's start
    uint64_t end = 0;   // exclusive
    size_t bucketCount = 0;
    std::vector<ThreadTimeline> threads; // by pid, then tid
    std::vector<CpuTimeline> cpus;       // by cpu: every CPU with a sample, even of the idle task only

    uint64_t bucketStart(size_t bucket) const;
    size_t bucketOf(uint64_t time) const; // time must lie in [start, end)
    // The first time whose bucketOf() is bucket (at most end): bucketStart() rounded up rather than down.
    uint64_t firstTimeOf(size_t bucket) const;

    // bucketOf() for times that mostly come in order, as a block of samples' do: a time within the last
    // bucket found is answered without a division (a fifth of the timeline's time on 10 million samples).
    class BucketFinder {
    public:
        explicit BucketFinder(const TimelineBuckets &timeline)
            : timeline_(timeline) {}
        size_t bucketOf(uint64_t time) {
            if (time >= low_ && time < high_) return bucket_;
            bucket_ = timeline_.bucketOf(time);
            low_ = timeline_.firstTimeOf(bucket_);
            high_ = timeline_.firstTimeOf(bucket_ + 1);
            return bucket_;
        }

    private:
        const TimelineBuckets &timeline_;
        size_t bucket_ = 0;
        uint64_t low_ = 1; // an empty range until the first look-up
        uint64_t high_ = 0;
    };

    // The range is the filter's time range where set, else the profile's first to last sample.
    static TimelineBuckets compute(const Profile &profile, const SampleFilter &filter, size_t bucketCount,
                                   const AggregationControl &control = {});
};

} // namespace perfglass
