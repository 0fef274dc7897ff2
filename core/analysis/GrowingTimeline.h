// The timeline of a growing profile (the live view, a stream): each thread's and CPU's samples in buckets of
// one width from the profile's start on. When the samples outgrow kCapacity buckets, the width doubles and
// each pair of buckets becomes one, so a bucket never straddles two of the finer ones. A snapshot's timeline
// extends its predecessor's by the samples added since: a refresh costs the new samples and the buckets,
// never every sample. Its TimelineBuckets cover the buckets up to the profile's end and equal
// TimelineBuckets::compute over that range and number of buckets.
#pragma once

#include "analysis/SampleFilter.h"
#include "analysis/TimelineBuckets.h"
#include "analysis/TimelineRowSet.h"
#include "profile/Profile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

class GrowingTimeline {
public:
    static constexpr size_t kCapacity = 1600;        // buckets before the width doubles
    static constexpr uint64_t kFirstWidth = 1000000; // ns: 1 ms

    // The timeline of every sample of profile that filter accepts (a filter without time range, processes,
    // threads or CPUs: every row is kept). Throws Error for bad transforms.
    static std::shared_ptr<const GrowingTimeline> compute(const Profile &profile, const SampleFilter &filter);
    // The timeline of profile, which holds the samples of the profile this one was made from first, under
    // the same filter (canExtend); null when profile starts elsewhere (its timeline must be computed anew).
    std::shared_ptr<const GrowingTimeline> extend(const Profile &profile, const SampleFilter &filter) const;
    static bool canExtend(const SampleFilter &before, const SampleFilter &after);

    const std::shared_ptr<const TimelineBuckets> &buckets() const { return buckets_; }
    uint64_t bucketWidth() const { return width_; }
    // Extended from a timeline of this many samples (0: made from the first sample).
    size_t extendedFrom() const { return extendedFrom_; }

private:
    void add(const Profile &profile, const SampleFilter &filter, size_t begin);
    void widenFor(uint64_t time); // doubles the width until time falls in the last bucket at most
    size_t bucketOf(uint64_t time) const { return static_cast<size_t>((time - start_) / width_); }
    void publish(const Profile &profile);

    uint64_t start_ = 0;
    uint64_t width_ = kFirstWidth;
    uint64_t latest_ = 0; // the profile's end, or its latest sample if later
    size_t samplesAdded_ = 0;
    size_t extendedFrom_ = 0;
    TimelineRowSet rows_;             // kCapacity buckets each
    std::vector<uint8_t> userStacks_; // TimelineRowSet::userSpaceStacks of the stacks known so far
    std::shared_ptr<const TimelineBuckets> buckets_;
};

} // namespace perfglass
