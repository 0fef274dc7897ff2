#include "analysis/GrowingTimeline.h"

#include "analysis/AggregationRunner.h"
#include "analysis/StackSampleSums.h"
#include "analysis/TransformedStacks.h"
#include "profile/ThreadCommands.h"

#include <algorithm>

namespace perfglass {

std::shared_ptr<const GrowingTimeline> GrowingTimeline::compute(const Profile &profile,
                                                                const SampleFilter &filter) {
    auto timeline = std::make_shared<GrowingTimeline>();
    timeline->start_ = profile.startTime;
    timeline->add(profile, filter, 0);
    return timeline;
}

std::shared_ptr<const GrowingTimeline> GrowingTimeline::extend(const Profile &profile,
                                                               const SampleFilter &filter) const {
    if (profile.startTime != start_ || profile.samples.size() < samplesAdded_) return nullptr;
    auto timeline = std::make_shared<GrowingTimeline>(*this);
    timeline->extendedFrom_ = samplesAdded_;
    timeline->add(profile, filter, samplesAdded_);
    return timeline;
}

bool GrowingTimeline::canExtend(const SampleFilter &before, const SampleFilter &after) {
    return StackSampleSums::sameSamplesAndWeights(before, after); // grouped or not: the same rows
}

void GrowingTimeline::widenFor(uint64_t time) {
    size_t factor = 1;
    while ((time - start_) / (width_ * factor) >= kCapacity)
        factor *= 2;
    if (factor == 1) return;
    width_ *= factor;
    rows_.regroup(factor, kCapacity);
}

// The width is set for the latest new sample first, so that the workers' rows share it; they are merged
// into the timeline's.
void GrowingTimeline::add(const Profile &profile, const SampleFilter &filter, size_t begin) {
    const auto dropping = TransformedStacks::forDropping(profile, filter.transforms);
    TimelineRowSet::extendUserSpaceStacks(profile, userStacks_);
    const ThreadCommands commands(profile);
    const TimelineRowSet::Context context{profile, userStacks_, commands};
    latest_ = std::max({latest_, profile.endTime, start_});
    for (size_t i = begin; i < profile.samples.size(); ++i)
        latest_ = std::max(latest_, profile.samples.time[i]);
    widenFor(latest_);
    const AggregationControl control;
    std::vector<TimelineRowSet> perWorker(
        AggregationRunner::workerCount(profile.samples.size() - begin, control));
    AggregationRunner::forEachBlock(
        profile.samples.size() - begin, control, [&](unsigned worker, size_t from, size_t to) {
            for (size_t i = begin + from; i < begin + to; ++i) {
                const uint64_t time = profile.samples.time[i];
                if (time < start_ || !filter.accepts(profile, i)) continue;
                if (TransformedStacks::dropped(dropping.get(), profile.samples.stack[i])) continue;
                perWorker[worker].add(context, i, bucketOf(time), kCapacity, filter.weight(profile, i));
            }
        });
    for (TimelineRowSet &rows : perWorker)
        rows_.merge(rows);
    samplesAdded_ = profile.samples.size();
    publish(profile);
}

// The buckets up to the profile's end, as TimelineBuckets::compute would cut [start, start + n * width).
void GrowingTimeline::publish(const Profile &profile) {
    auto timeline = std::make_shared<TimelineBuckets>();
    timeline->start = start_;
    timeline->bucketCount = bucketOf(latest_) + 1;
    timeline->end = start_ + timeline->bucketCount * width_;
    TimelineRowSet shown = rows_;
    shown.regroup(1, timeline->bucketCount);
    shown.moveInto(*timeline, profile);
    buckets_ = std::move(timeline);
}

} // namespace perfglass
