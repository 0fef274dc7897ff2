// StackSampleSums for a filter grouped by process (SampleFilter::grouping): the cost and number of the
// samples it accepts per (owner, Profile stack), where the owner is the process (and thread) a sample ran as
// with the commands they had then (ProcessGroups::Owner). StackCosts::foldGrouped puts them on the grouped
// tree. Like StackSampleSums they extend to a later snapshot of a growing profile by the samples it added, so
// a system-wide live view (grouped by process by default) costs what was recorded since the last refresh.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/ProcessGroups.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace perfglass {

class ThreadCommands;

struct GroupedSampleSums {
    struct Sum {
        uint64_t cost = 0;
        uint64_t count = 0;
    };
    using Key = std::pair<ProcessGroups::Owner, StackId>;
    struct KeyHash {
        size_t operator()(const Key &key) const;
    };

    std::unordered_map<Key, Sum, KeyHash> sums;
    size_t samplesSummed = 0; // the profile's first samples that the sums hold
    size_t extendedFrom = 0;  // extended from sums of this many samples (0: summed from the first sample)
    // Processes summed while the session did not name their main thread (ThreadCommands::processAt fell back
    // to the sample's thread): their owners are named again once it does.
    std::unordered_set<uint32_t> withoutMainThread;

    // Throws Cancelled.
    static std::shared_ptr<const GroupedSampleSums>
    compute(const Profile &profile, const SampleFilter &filter, const AggregationControl &control = {});
    // The sums of profile, a later snapshot of the growing profile previous was summed from, under the same
    // filter (canExtend): previous plus the samples added since. Owners that were summed before the session
    // named their process or thread get the name it knows now, as a sum of every sample would give them.
    static std::shared_ptr<const GroupedSampleSums> extend(const GroupedSampleSums &previous,
                                                           const Profile &profile, const SampleFilter &filter,
                                                           const AggregationControl &control = {});
    // Whether sums made under filter `before` may be extended under `after`: both grouped alike, and
    // StackSampleSums::sameSamplesAndWeights.
    static bool canExtend(const SampleFilter &before, const SampleFilter &after);

private:
    void addInParallel(const Profile &profile, const ThreadCommands &commands, const SampleFilter &filter,
                       size_t begin, size_t end, const AggregationControl &control);
    void nameOwnersNamedSince(const ThreadCommands &commands, bool byThread);
};

} // namespace perfglass
