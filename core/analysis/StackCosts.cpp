#include "analysis/StackCosts.h"

#include "analysis/GroupedFold.h"

#include <utility>

namespace perfglass {

StackCosts StackCosts::foldGrouped(const Profile &profile, const SampleFilter &filter,
                                   std::shared_ptr<const GroupedSampleSums> groupedSums,
                                   const GroupedFold *earlier) {
    return GroupedFold::fold(profile, filter, std::move(groupedSums), earlier);
}

StackCosts StackCosts::compute(const Profile &profile, const SampleFilter &filter,
                               const AggregationControl &control) {
    if (filter.grouping != ProcessGrouping::None)
        return foldGrouped(profile, filter, GroupedSampleSums::compute(profile, filter, control));
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
