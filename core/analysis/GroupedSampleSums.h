// StackSampleSums for a filter grouped by process (SampleFilter::grouping): the cost and number of the
// samples it accepts per (owner, Profile stack), where the owner is the process (and thread) a sample ran as
// with the commands they had then (ProcessGroups::Owner). GroupedFold puts them on the grouped tree. Like
// StackSampleSums they extend to a later snapshot of a growing profile by the samples it added, and list the
// entries that extension changed, so that a system-wide live view (grouped by process by default) costs what
// was recorded since the last refresh, in summing and in folding alike.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/ProcessGroups.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace perfglass {

class ThreadCommands;

class GroupedSampleSums {
public:
    struct Sum {
        uint64_t cost = 0;
        uint64_t count = 0;
    };
    using Key = std::pair<ProcessGroups::Owner, StackId>;
    struct KeyHash {
        size_t operator()(const Key &key) const;
    };
    struct Entry {
        Key key;
        Sum sum;
    };
    // An entry an extension changed, and its sum before (zero for an entry it added).
    struct Change {
        uint32_t entry = 0;
        Sum before;
    };

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

    // Every (owner, stack) summed, in the order first summed. An owner named since keeps its entry, with a
    // zero sum: an extension's changes index this vector, which only grows.
    const std::vector<Entry> &entries() const { return entries_; }
    // The entries this extension changed, each once, in the order of entries (none when computed afresh).
    const std::vector<Change> &changes() const { return changes_; }
    size_t samplesSummed() const { return samplesSummed_; } // the profile's first samples the sums hold
    // Extended from sums of this many samples (0: summed from the first sample).
    size_t extendedFrom() const { return extendedFrom_; }
    // Which sums these are, and which they extend (0: computed afresh): what a fold of the earlier sums
    // checks before it continues with changes().
    uint64_t id() const { return id_; }
    uint64_t extendedFromId() const { return extendedFromId_; }
    // Whether some process was summed while the session did not name its main thread (ThreadCommands fell
    // back to the sample's thread): its owners are named again once it does.
    bool awaitsMainThreadNames() const { return !withoutMainThread_.empty(); }

private:
    using Index = std::unordered_map<Key, uint32_t, KeyHash>;

    void addInParallel(const Profile &profile, const ThreadCommands &commands, const SampleFilter &filter,
                       size_t begin, size_t end, const AggregationControl &control);
    void addTo(const Key &key, const Sum &sum, const ThreadCommands &commands, bool byThread);
    void nameOwnersNamedSince(const ThreadCommands &commands, bool byThread);
    void keepFirstChangeOfEachEntry();
    std::unique_ptr<Index> takeIndex() const;

    std::vector<Entry> entries_;
    std::vector<Change> changes_;
    // The entries whose owner the session may name (or name otherwise) later: see nameOwnersNamedSince.
    std::vector<uint32_t> unnamed_;
    std::unordered_set<uint32_t> withoutMainThread_; // processes as awaitsMainThreadNames says
    size_t samplesSummed_ = 0;
    size_t extendedFrom_ = 0;
    uint64_t id_ = 0;
    uint64_t extendedFromId_ = 0;
    // Key -> entry. An extension takes it over rather than copying it (rebuilt if another extension of the
    // same sums took it first).
    mutable std::mutex indexMutex_;
    mutable std::unique_ptr<Index> index_;
};

} // namespace perfglass
