// The first step of every aggregation: the cost of the samples a SampleFilter accepts, summed per stack of
// the transformed, function-level stack tree. Samples are summed per Profile stack (StackSampleSums, in
// parallel), then folded onto the transformed tree: O(samples / workers + stacks). One StackCosts serves
// both trees and the flat profile of a filter; the sums of a growing profile's snapshot extend its
// predecessor's (fold them). Grouped by process (SampleFilter::grouping), the sums are per process or thread
// and stack (GroupedSampleSums, which extend alike), on a tree from ProcessGroups (GroupedFold, which a
// growing profile's next snapshot continues).
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/GroupedSampleSums.h"
#include "analysis/SampleFilter.h"
#include "analysis/StackSampleSums.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"

#include <memory>
#include <vector>

namespace perfglass {

class GroupedFold;

struct StackCosts {
    std::shared_ptr<const TransformedStacks> stacks;
    std::vector<uint64_t> self;    // by transformed node: cost of the samples whose stack ends there
    std::vector<uint64_t> samples; // by transformed node: how many samples end there
    uint64_t rootSelf = 0;         // cost of the samples whose stack is empty
    uint64_t total = 0;            // cost of every counted sample (dropped ones excluded)
    uint64_t sampleCount = 0;
    // The sums folded here, to extend for the next snapshot: per Profile stack (null when grouped by
    // process), or per process or thread and Profile stack (null unless grouped).
    std::shared_ptr<const StackSampleSums> sums;
    std::shared_ptr<const GroupedSampleSums> groupedSums;
    std::shared_ptr<const GroupedFold> groupedFold; // what the next snapshot's grouped fold continues

    // Throws Error for bad transforms and Cancelled.
    static StackCosts compute(const Profile &profile, const SampleFilter &filter,
                              const AggregationControl &control = {});
    // The costs of sums (of profile, under filter, which groups nothing) on filter's transformed tree.
    // EARLIER: the tree of an earlier snapshot of the growing profile, which an untransformed filter's tree
    // extends by the stacks added since (TransformedStacks::extend) rather than building it anew.
    static StackCosts fold(const Profile &profile, const SampleFilter &filter,
                           std::shared_ptr<const StackSampleSums> sums,
                           const TransformedStacks *earlier = nullptr);
    // The costs of grouped sums (of profile, under filter, which groups by process) on a tree with a root
    // per process or thread (ProcessGroups). EARLIER: the fold of an earlier snapshot, continued when
    // groupedSums extend the sums it folded (GroupedFold).
    static StackCosts foldGrouped(const Profile &profile, const SampleFilter &filter,
                                  std::shared_ptr<const GroupedSampleSums> groupedSums,
                                  const GroupedFold *earlier = nullptr);
};

} // namespace perfglass
