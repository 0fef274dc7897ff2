#include "analysis/TimelineBuckets.h"

#include "analysis/TimelineRowSet.h"
#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "profile/ThreadCommands.h"

#include <algorithm>

namespace perfglass {

namespace {
__extension__ typedef unsigned __int128 WideTime; // span times bucket count overflows 64 bits
} // namespace
void TimelineSeries::add(size_t bucket, uint64_t weight) {
    ++samples[bucket];
    cost[bucket] += weight;
    ++totalSamples;
    totalCost += weight;
}

void TimelineSeries::merge(const TimelineSeries &other) {
    for (size_t b = 0; b < samples.size() && b < other.samples.size(); ++b) {
        samples[b] += other.samples[b];
        cost[b] += other.cost[b];
    }
    totalSamples += other.totalSamples;
    totalCost += other.totalCost;
}

uint64_t TimelineBuckets::bucketStart(size_t bucket) const {
    // In integers: a growing timeline's buckets (GrowingTimeline) have exactly the width span / count.
    const WideTime span = end - start;
    return start + static_cast<uint64_t>(span * bucket / bucketCount);
}

uint64_t TimelineBuckets::firstTimeOf(size_t bucket) const {
    if (bucket >= bucketCount) return end;
    const WideTime span = end - start;
    return start + static_cast<uint64_t>((span * bucket + bucketCount - 1) / bucketCount);
}

size_t TimelineBuckets::bucketOf(uint64_t time) const {
    const uint64_t offset = time - start;
    // In 64 bits unless the product overflows them (a span of weeks at thousands of buckets): the 128-bit
    // division, a library call, was a tenth of the timeline's time on 10 million samples.
    uint64_t scaled = 0;
    const uint64_t bucket =
        __builtin_mul_overflow(offset, uint64_t{bucketCount}, &scaled)
            ? static_cast<uint64_t>(static_cast<WideTime>(offset) * bucketCount / (end - start))
            : scaled / (end - start);
    return std::min(bucketCount - 1, static_cast<size_t>(bucket));
}

TimelineBuckets TimelineBuckets::compute(const Profile &profile, const SampleFilter &filter,
                                         size_t bucketCount, const AggregationControl &control) {
    if (bucketCount == 0) throw Error("timeline: the number of buckets must be at least 1");
    TimelineBuckets timeline;
    timeline.bucketCount = bucketCount;
    timeline.start = filter.startTime.value_or(profile.startTime);
    timeline.end = std::max(filter.endTime.value_or(profile.endTime + 1), timeline.start + 1);
    const auto dropping = TransformedStacks::forDropping(profile, filter.transforms);
    const std::vector<uint8_t> userStacks = TimelineRowSet::userSpaceStacks(profile);
    const ThreadCommands commands(profile);
    const TimelineRowSet::Context context{profile, userStacks, commands};

    const size_t sampleCount = profile.samples.size();
    std::vector<TimelineRowSet> perWorker(AggregationRunner::workerCount(sampleCount, control));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        BucketFinder buckets(timeline);
        for (size_t i = begin; i < end; ++i) {
            const uint64_t time = profile.samples.time[i];
            if (time < timeline.start || time >= timeline.end || !filter.accepts(profile, i)) continue;
            if (TransformedStacks::dropped(dropping.get(), profile.samples.stack[i])) continue;
            perWorker[worker].add(context, i, buckets.bucketOf(time), bucketCount, filter.weight(profile, i));
        }
    });
    TimelineRowSet merged;
    for (TimelineRowSet &rows : perWorker)
        merged.merge(rows);
    merged.moveInto(timeline, profile);
    return timeline;
}

} // namespace perfglass
