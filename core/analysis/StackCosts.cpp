#include "analysis/StackCosts.h"

namespace perfglass {

namespace {

struct PerStack {
    std::vector<uint64_t> cost;
    std::vector<uint64_t> count;
    uint64_t emptyCost = 0;
    uint64_t emptyCount = 0;
};

} // namespace

StackCosts StackCosts::compute(const Profile &profile, const SampleFilter &filter,
                               const AggregationControl &control) {
    StackCosts result;
    result.stacks = TransformedStacks::build(profile, filter.transforms);
    const size_t sampleCount = profile.samples.size();
    std::vector<PerStack> perWorker(AggregationRunner::workerCount(sampleCount, control));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        PerStack &sums = perWorker[worker];
        if (sums.cost.empty()) {
            sums.cost.assign(profile.stacks.size(), 0);
            sums.count.assign(profile.stacks.size(), 0);
        }
        for (size_t i = begin; i < end; ++i) {
            if (!filter.accepts(profile, i)) continue;
            const uint64_t weight = filter.weight(profile, i);
            const StackId stack = profile.samples.stack[i];
            if (stack == kNoStack) {
                sums.emptyCost += weight;
                ++sums.emptyCount;
            } else {
                sums.cost[stack] += weight;
                ++sums.count[stack];
            }
        }
    });

    const TransformedStacks &stacks = *result.stacks;
    result.self.assign(stacks.size(), 0);
    result.samples.assign(stacks.size(), 0);
    const auto add = [&](StackId node, uint64_t cost, uint64_t count) {
        if (node == kDroppedStack || count == 0) return;
        result.total += cost;
        result.sampleCount += count;
        if (node == kNoStack) {
            result.rootSelf += cost;
        } else {
            result.self[node] += cost;
            result.samples[node] += count;
        }
    };
    for (const PerStack &sums : perWorker) {
        add(stacks.map(kNoStack), sums.emptyCost, sums.emptyCount);
        for (size_t s = 0; s < sums.cost.size(); ++s)
            add(stacks.map(static_cast<StackId>(s)), sums.cost[s], sums.count[s]);
    }
    return result;
}

} // namespace perfglass
