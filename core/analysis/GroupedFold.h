// Grouped sums (GroupedSampleSums) folded onto the grouped tree (ProcessGroups), and what the fold of the
// next snapshot of a growing profile continues: the grouping with its node maps and the costs by node. A fold
// of sums that extend the sums folded here adds only their changes (GroupedSampleSums::changes) onto the
// grown grouping, so a system-wide live view's refresh costs the (owner, stack) entries it added or changed,
// not every entry summed so far. Without transforms only: a transformed base tree cannot grow.
#pragma once

#include "analysis/GroupedSampleSums.h"
#include "analysis/ProcessGroups.h"
#include "analysis/SampleFilter.h"
#include "analysis/StackCosts.h"
#include "profile/Profile.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace perfglass {

class GroupedFold {
public:
    // The costs of SUMS (of profile, under filter, which groups by process) on a tree with a root per process
    // or thread. EARLIER: the fold of an earlier snapshot, which is continued when SUMS extend the sums it
    // folded (its state is handed on: an earlier fold is continued at most once, later folds start afresh).
    static StackCosts fold(const Profile &profile, const SampleFilter &filter,
                           std::shared_ptr<const GroupedSampleSums> sums,
                           const GroupedFold *earlier = nullptr);

    // Whether this fold continued an earlier one rather than folding every entry.
    bool continued() const { return continued_; }

private:
    struct State {
        std::unique_ptr<ProcessGroups> groups;
        std::vector<uint64_t> self;    // by grouped node
        std::vector<uint64_t> samples; // by grouped node
        uint64_t total = 0;
        uint64_t sampleCount = 0;
        uint64_t sumsId = 0; // the sums folded (GroupedSampleSums::id)
    };

    static std::unique_ptr<State> foldAfresh(const Profile &profile, const SampleFilter &filter,
                                             const GroupedSampleSums &sums);
    static std::unique_ptr<State> continueFold(const Profile &profile, const SampleFilter &filter,
                                               const GroupedSampleSums &sums, const GroupedFold &earlier);
    static void add(State &state, const SampleFilter &filter, const GroupedSampleSums::Entry &entry,
                    const GroupedSampleSums::Sum &before);
    // The state, handed on, if it folded the sums SUMSID grouped alike.
    std::unique_ptr<State> take(uint64_t sumsId, ProcessGrouping grouping) const;

    mutable std::mutex mutex_;
    mutable std::unique_ptr<State> state_; // null once a later fold took it
    bool continued_ = false;
};

} // namespace perfglass
