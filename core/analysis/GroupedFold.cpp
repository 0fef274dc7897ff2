#include "analysis/GroupedFold.h"

#include "analysis/TransformedStacks.h"

#include <utility>

namespace perfglass {

// Adds what ENTRY's sum gained since BEFORE at its grouped node. A renamed owner's entry loses its sum (the
// unsigned difference wraps, and the node's cost returns to what it had without the entry).
void GroupedFold::add(State &state, const SampleFilter &filter, const GroupedSampleSums::Entry &entry,
                      const GroupedSampleSums::Sum &before) {
    ProcessGroups::Owner owner = entry.key.first;
    if (filter.grouping != ProcessGrouping::ProcessThread)
        owner.tid = owner.pid; // one node per process, whatever thread ran the sample
    const StackId node = state.groups->node(owner, entry.key.second);
    if (node == kDroppedStack) return;
    if (node >= state.self.size()) {
        state.self.resize(node + 1, 0);
        state.samples.resize(node + 1, 0);
    }
    const uint64_t cost = entry.sum.cost - before.cost;
    const uint64_t count = entry.sum.count - before.count;
    state.self[node] += cost;
    state.samples[node] += count;
    state.total += cost;
    state.sampleCount += count;
}

std::unique_ptr<GroupedFold::State>
GroupedFold::foldAfresh(const Profile &profile, const SampleFilter &filter, const GroupedSampleSums &sums) {
    auto state = std::make_unique<State>();
    state->groups = std::make_unique<ProcessGroups>(
        profile, TransformedStacks::build(profile, filter.transforms), filter.grouping);
    for (const GroupedSampleSums::Entry &entry : sums.entries())
        if (entry.sum.count != 0) add(*state, filter, entry, {});
    return state;
}

// EARLIER's state grown to profile plus the changes of SUMS, or null when it cannot continue: taken by
// another fold, of other sums, or transformed.
std::unique_ptr<GroupedFold::State> GroupedFold::continueFold(const Profile &profile,
                                                              const SampleFilter &filter,
                                                              const GroupedSampleSums &sums,
                                                              const GroupedFold &earlier) {
    if (!filter.transforms.empty() || sums.extendedFromId() == 0) return nullptr;
    std::unique_ptr<State> state = earlier.take(sums.extendedFromId(), filter.grouping);
    if (!state || !state->groups->grow(profile)) return nullptr;
    for (const GroupedSampleSums::Change &change : sums.changes())
        add(*state, filter, sums.entries()[change.entry], change.before);
    return state;
}

std::unique_ptr<GroupedFold::State> GroupedFold::take(uint64_t sumsId, ProcessGrouping grouping) const {
    const std::lock_guard lock(mutex_);
    if (!state_ || state_->sumsId != sumsId || state_->groups->grouping() != grouping) return nullptr;
    return std::move(state_);
}

StackCosts GroupedFold::fold(const Profile &profile, const SampleFilter &filter,
                             std::shared_ptr<const GroupedSampleSums> sums, const GroupedFold *earlier) {
    auto folded = std::make_shared<GroupedFold>();
    std::unique_ptr<State> state = earlier ? continueFold(profile, filter, *sums, *earlier) : nullptr;
    folded->continued_ = state != nullptr;
    if (!state) state = foldAfresh(profile, filter, *sums);
    state->sumsId = sums->id();

    StackCosts result;
    result.stacks = state->groups->tree();
    result.self = state->self;
    result.samples = state->samples;
    result.self.resize(result.stacks->size(), 0);
    result.samples.resize(result.stacks->size(), 0);
    result.total = state->total;
    result.sampleCount = state->sampleCount;
    result.groupedSums = std::move(sums);
    folded->state_ = std::move(state);
    result.groupedFold = std::move(folded);
    return result;
}

} // namespace perfglass
