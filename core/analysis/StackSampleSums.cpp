#include "analysis/StackSampleSums.h"

namespace perfglass {

void StackSampleSums::add(const Profile &profile, const SampleFilter &filter, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        if (!filter.accepts(profile, i)) continue;
        const uint64_t weight = filter.weight(profile, i);
        const StackId stack = profile.samples.stack[i];
        if (stack == kNoStack) {
            emptyCost += weight;
            ++emptyCount;
        } else {
            cost[stack] += weight;
            ++count[stack];
        }
    }
}

std::shared_ptr<const StackSampleSums> StackSampleSums::compute(const Profile &profile,
                                                                const SampleFilter &filter,
                                                                const AggregationControl &control) {
    const size_t sampleCount = profile.samples.size();
    std::vector<StackSampleSums> perWorker(AggregationRunner::workerCount(sampleCount, control));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        StackSampleSums &sums = perWorker[worker];
        if (sums.cost.empty()) {
            sums.cost.assign(profile.stacks.size(), 0);
            sums.count.assign(profile.stacks.size(), 0);
        }
        sums.add(profile, filter, begin, end);
    });
    auto result = std::make_shared<StackSampleSums>();
    result->cost.assign(profile.stacks.size(), 0);
    result->count.assign(profile.stacks.size(), 0);
    for (const StackSampleSums &sums : perWorker) {
        result->emptyCost += sums.emptyCost;
        result->emptyCount += sums.emptyCount;
        for (size_t s = 0; s < sums.cost.size(); ++s) {
            result->cost[s] += sums.cost[s];
            result->count[s] += sums.count[s];
        }
    }
    result->samplesSummed = sampleCount;
    return result;
}

std::shared_ptr<const StackSampleSums>
StackSampleSums::extend(const StackSampleSums &previous, const Profile &profile, const SampleFilter &filter) {
    auto result = std::make_shared<StackSampleSums>(previous);
    result->cost.resize(profile.stacks.size(), 0);
    result->count.resize(profile.stacks.size(), 0);
    result->extendedFrom = previous.samplesSummed;
    result->add(profile, filter, previous.samplesSummed, profile.samples.size());
    result->samplesSummed = profile.samples.size();
    return result;
}

bool StackSampleSums::canExtend(const SampleFilter &before, const SampleFilter &after) {
    if (after.cost != CostKind::Period && after.cost != CostKind::Samples) return false;
    if (after.grouping != ProcessGrouping::None) return false;
    SampleFilter a = before;
    SampleFilter b = after;
    a.offCpuTime = b.offCpuTime = nullptr; // not read for period or count weights
    a.latency = b.latency = nullptr;
    return a == b;
}

} // namespace perfglass
