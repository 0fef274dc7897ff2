#include "analysis/StackCosts.h"

#include "analysis/ProcessGroups.h"
#include "profile/ThreadCommands.h"

#include <unordered_map>
#include <utility>

namespace perfglass {

namespace {

// Grouped by process: the cost per (owner: process or thread and their commands then, Profile stack).
struct GroupSum {
    uint64_t cost = 0;
    uint64_t count = 0;
};
using GroupKey = std::pair<ProcessGroups::Owner, StackId>;
struct GroupKeyHash {
    size_t operator()(const GroupKey &key) const {
        const ProcessGroups::Owner &owner = key.first;
        const uint64_t ids = (uint64_t{owner.tid} << 32 | key.second) ^ (uint64_t{owner.pid} << 16);
        const uint64_t names = uint64_t{owner.process} << 32 | owner.thread;
        return std::hash<uint64_t>()(ids * 31 + names);
    }
};
using GroupSums = std::unordered_map<GroupKey, GroupSum, GroupKeyHash>;

// Who sample I ran as: with BYTHREAD its thread too, else its process alone.
ProcessGroups::Owner ownerOf(const Profile &profile, const ThreadCommands &commands, size_t i,
                             bool byThread) {
    const uint32_t pid = profile.samples.pid[i];
    const uint32_t tid = profile.samples.tid[i];
    const uint64_t time = profile.samples.time[i];
    return {pid, byThread ? tid : pid, commands.processAt(pid, tid, time),
            byThread ? commands.threadAt(tid, time) : 0};
}

} // namespace

StackCosts StackCosts::computeGrouped(const Profile &profile, const SampleFilter &filter,
                                      const AggregationControl &control) {
    const bool byThread = filter.grouping == ProcessGrouping::ProcessThread;
    const size_t profileSamples = profile.samples.size();
    const ThreadCommands commands(profile);
    std::vector<GroupSums> perWorker(AggregationRunner::workerCount(profileSamples, control));
    AggregationRunner::forEachBlock(profileSamples, control, [&](unsigned worker, size_t begin, size_t end) {
        GroupSums &workerSums = perWorker[worker];
        for (size_t i = begin; i < end; ++i) {
            if (!filter.accepts(profile, i)) continue;
            GroupSum &sum = workerSums[{ownerOf(profile, commands, i, byThread), profile.samples.stack[i]}];
            sum.cost += filter.weight(profile, i);
            ++sum.count;
        }
    });

    ProcessGroups groups(profile, TransformedStacks::build(profile, filter.transforms), filter.grouping);
    StackCosts result;
    for (const GroupSums &workerSums : perWorker) {
        for (const auto &[key, sum] : workerSums) {
            const StackId node = groups.node(key.first, key.second);
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
    return fold(profile, filter, StackSampleSums::compute(profile, filter, control));
}

StackCosts StackCosts::fold(const Profile &profile, const SampleFilter &filter,
                            std::shared_ptr<const StackSampleSums> sums, const TransformedStacks *earlier) {
    StackCosts result;
    if (earlier && filter.transforms.empty()) result.stacks = TransformedStacks::extend(*earlier, profile);
    if (!result.stacks) result.stacks = TransformedStacks::build(profile, filter.transforms);
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
    add(stacks.map(kNoStack), sums->emptyCost, sums->emptyCount);
    for (size_t s = 0; s < sums->cost.size(); ++s)
        add(stacks.map(static_cast<StackId>(s)), sums->cost[s], sums->count[s]);
    result.sums = std::move(sums);
    return result;
}

} // namespace perfglass
