#include "analysis/TimelineBuckets.h"

#include "analysis/TransformedStacks.h"
#include "base/Error.h"

#include <algorithm>
#include <unordered_map>

namespace perfglass {

uint64_t TimelineBuckets::bucketStart(size_t bucket) const {
    const double span = static_cast<double>(end - start);
    return start +
           static_cast<uint64_t>(span * static_cast<double>(bucket) / static_cast<double>(bucketCount));
}

size_t TimelineBuckets::bucketOf(uint64_t time) const {
    const double offset = static_cast<double>(time - start) / static_cast<double>(end - start);
    return std::min(bucketCount - 1, static_cast<size_t>(offset * static_cast<double>(bucketCount)));
}

TimelineBuckets TimelineBuckets::compute(const Profile &profile, const SampleFilter &filter,
                                         size_t bucketCount, const AggregationControl &control) {
    if (bucketCount == 0) throw Error("timeline: the number of buckets must be at least 1");
    TimelineBuckets timeline;
    timeline.bucketCount = bucketCount;
    timeline.start = filter.startTime.value_or(profile.startTime);
    timeline.end = std::max(filter.endTime.value_or(profile.endTime + 1), timeline.start + 1);
    const auto stacks = TransformedStacks::build(profile, filter.transforms);

    using Rows = std::unordered_map<uint32_t, ThreadTimeline>; // by tid
    const size_t sampleCount = profile.samples.size();
    std::vector<Rows> perWorker(AggregationRunner::workerCount(sampleCount, control));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        Rows &rows = perWorker[worker];
        for (size_t i = begin; i < end; ++i) {
            const uint64_t time = profile.samples.time[i];
            if (time < timeline.start || time >= timeline.end || !filter.accepts(profile, i)) continue;
            if (stacks->map(profile.samples.stack[i]) == kDroppedStack) continue;
            ThreadTimeline &row = rows[profile.samples.tid[i]];
            if (row.samples.empty()) {
                row.pid = profile.samples.pid[i];
                row.tid = profile.samples.tid[i];
                row.samples.assign(bucketCount, 0);
                row.cost.assign(bucketCount, 0);
            }
            const size_t bucket = timeline.bucketOf(time);
            const uint64_t weight = filter.weight(profile, i);
            ++row.samples[bucket];
            row.cost[bucket] += weight;
            ++row.totalSamples;
            row.totalCost += weight;
        }
    });

    Rows merged;
    for (Rows &rows : perWorker) {
        for (auto &[tid, row] : rows) {
            auto [it, inserted] = merged.try_emplace(tid, std::move(row));
            if (inserted) continue;
            for (size_t b = 0; b < bucketCount; ++b) {
                it->second.samples[b] += row.samples[b];
                it->second.cost[b] += row.cost[b];
            }
            it->second.totalSamples += row.totalSamples;
            it->second.totalCost += row.totalCost;
        }
    }
    std::unordered_map<uint32_t, StringId> names;
    for (const ThreadInfo &thread : profile.threads)
        names[thread.tid] = thread.name;
    for (auto &[tid, row] : merged) {
        const auto name = names.find(tid);
        if (name != names.end()) row.name = name->second;
        timeline.threads.push_back(std::move(row));
    }
    std::sort(timeline.threads.begin(), timeline.threads.end(),
              [](const ThreadTimeline &a, const ThreadTimeline &b) {
                  return a.pid != b.pid ? a.pid < b.pid : a.tid < b.tid;
              });
    return timeline;
}

} // namespace perfglass
