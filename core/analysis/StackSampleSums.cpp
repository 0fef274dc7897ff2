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

// Samples [begin, end) of profile added to into: on one thread for a few, else over the workers, each into
// arrays of its own that are merged. Each worker's arrays are as long as the profile's stacks, which deep
// DWARF stacks make outnumber the samples (477,000 stacks for 102,000 samples of g++): zeroing and merging
// them would cost more than the workers save, so they are used only where the samples are more.
void StackSampleSums::addInParallel(StackSampleSums &into, const Profile &profile, const SampleFilter &filter,
                                    size_t begin, size_t end, const AggregationControl &control) {
    const size_t count = end - begin;
    AggregationControl run = control;
    if (count < profile.stacks.size()) run.threads = 1;
    const unsigned workers = AggregationRunner::workerCount(count, run);
    if (workers <= 1) {
        AggregationRunner::forEachBlock(count, run, [&](unsigned, size_t from, size_t to) {
            into.add(profile, filter, begin + from, begin + to);
        });
        return;
    }
    std::vector<StackSampleSums> perWorker(workers);
    AggregationRunner::forEachBlock(count, run, [&](unsigned worker, size_t from, size_t to) {
        StackSampleSums &sums = perWorker[worker];
        if (sums.cost.empty()) {
            sums.cost.assign(profile.stacks.size(), 0);
            sums.count.assign(profile.stacks.size(), 0);
        }
        sums.add(profile, filter, begin + from, begin + to);
    });
    for (const StackSampleSums &sums : perWorker) {
        into.emptyCost += sums.emptyCost;
        into.emptyCount += sums.emptyCount;
        for (size_t s = 0; s < sums.cost.size(); ++s) {
            into.cost[s] += sums.cost[s];
            into.count[s] += sums.count[s];
        }
    }
}

std::shared_ptr<const StackSampleSums> StackSampleSums::compute(const Profile &profile,
                                                                const SampleFilter &filter,
                                                                const AggregationControl &control) {
    auto result = std::make_shared<StackSampleSums>();
    result->cost.assign(profile.stacks.size(), 0);
    result->count.assign(profile.stacks.size(), 0);
    addInParallel(*result, profile, filter, 0, profile.samples.size(), control);
    result->samplesSummed = profile.samples.size();
    return result;
}

std::shared_ptr<const StackSampleSums> StackSampleSums::extend(const StackSampleSums &previous,
                                                               const Profile &profile,
                                                               const SampleFilter &filter,
                                                               const AggregationControl &control) {
    auto result = std::make_shared<StackSampleSums>(previous);
    result->cost.resize(profile.stacks.size(), 0);
    result->count.resize(profile.stacks.size(), 0);
    result->extendedFrom = previous.samplesSummed;
    addInParallel(*result, profile, filter, previous.samplesSummed, profile.samples.size(), control);
    result->samplesSummed = profile.samples.size();
    return result;
}

bool StackSampleSums::canExtend(const SampleFilter &before, const SampleFilter &after) {
    return after.grouping == ProcessGrouping::None && sameSamplesAndWeights(before, after);
}

bool StackSampleSums::sameSamplesAndWeights(const SampleFilter &before, const SampleFilter &after) {
    if (after.cost != CostKind::Period && after.cost != CostKind::Samples) return false;
    SampleFilter a = before;
    SampleFilter b = after;
    a.offCpuTime = b.offCpuTime = nullptr; // not read for period or count weights
    a.latency = b.latency = nullptr;
    a.grouping = b.grouping = ProcessGrouping::None; // changes the trees, not the samples or their weights
    return a == b;
}

} // namespace perfglass
