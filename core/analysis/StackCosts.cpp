#include "analysis/StackCosts.h"

#include "analysis/ProcessGroups.h"

#include <unordered_map>

namespace perfglass {

namespace {

struct PerStack {
    std::vector<uint64_t> cost;
    std::vector<uint64_t> count;
    uint64_t emptyCost = 0;
    uint64_t emptyCount = 0;
};

// Grouped by process: the cost per (process or thread, Profile stack).
struct GroupSum {
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint64_t cost = 0;
    uint64_t count = 0;
};
using GroupSums = std::unordered_map<uint64_t, GroupSum>;

} // namespace

StackCosts StackCosts::computeGrouped(const Profile &profile, const SampleFilter &filter,
                                      const AggregationControl &control) {
    const bool byThread = filter.grouping == ProcessGrouping::ProcessThread;
    const size_t sampleCount = profile.samples.size();
    std::vector<GroupSums> perWorker(AggregationRunner::workerCount(sampleCount, control));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        GroupSums &sums = perWorker[worker];
        for (size_t i = begin; i < end; ++i) {
            if (!filter.accepts(profile, i)) continue;
            const uint32_t pid = profile.samples.pid[i];
            const uint32_t tid = byThread ? profile.samples.tid[i] : pid;
            GroupSum &sum = sums[(uint64_t{tid} << 32) | profile.samples.stack[i]];
            sum.pid = pid;
            sum.tid = tid;
            sum.cost += filter.weight(profile, i);
            ++sum.count;
        }
    });

    ProcessGroups groups(profile, TransformedStacks::build(profile, filter.transforms), filter.grouping);
    StackCosts result;
    for (const GroupSums &sums : perWorker) {
        for (const auto &[key, sum] : sums) {
            const StackId node = groups.node(sum.pid, sum.tid, static_cast<StackId>(key & 0xffffffffu));
            if (node == kDroppedStack) continue;
            if (node >= result.self.size()) {
                result.self.resize(node + 1, 0);
                result.samples.resize(node + 1, 0);
            }
            result.self[node] += sum.cost;
            result.samples[node] += sum.count;
            result.total += sum.cost;
            result.sampleCount += sum.count;
        }
    }
    result.stacks = groups.tree();
    result.self.resize(result.stacks->size(), 0);
    result.samples.resize(result.stacks->size(), 0);
    return result;
}

StackCosts StackCosts::compute(const Profile &profile, const SampleFilter &filter,
                               const AggregationControl &control) {
    if (filter.grouping != ProcessGrouping::None) return computeGrouped(profile, filter, control);
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
