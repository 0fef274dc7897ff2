#include "annotate/AddressCosts.h"

#include "analysis/TransformedStacks.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace perfglass {

namespace {

struct StackWeights {
    std::vector<uint64_t> cost;    // by Profile stack
    std::vector<uint64_t> samples; // by Profile stack
};

StackWeights weighStacks(const Profile &profile, const SampleFilter &filter,
                         const AggregationControl &control) {
    std::shared_ptr<const TransformedStacks> transformed;
    if (!filter.transforms.empty()) transformed = TransformedStacks::build(profile, filter.transforms);
    StackWeights weights{std::vector<uint64_t>(profile.stacks.size(), 0),
                         std::vector<uint64_t>(profile.stacks.size(), 0)};
    AggregationControl single = control;
    single.threads = 1; // one pass over the samples; the per-stack arrays are shared
    AggregationRunner::forEachBlock(profile.samples.size(), single, [&](unsigned, size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            const StackId stack = profile.samples.stack[i];
            if (stack == kNoStack || !filter.accepts(profile, i)) continue;
            if (transformed && transformed->map(stack) == kDroppedStack) continue;
            weights.cost[stack] += filter.weight(profile, i);
            ++weights.samples[stack];
        }
    });
    return weights;
}

// The frame whose machine code the stack's leaf is: the first from the leaf that is not an inline frame.
FrameId ownerFrame(const Profile &profile, StackId stack) {
    FrameId frame = profile.stacks[stack].frame;
    while (profile.frames[frame].inlined && profile.stacks[stack].parent != kNoStack) {
        stack = profile.stacks[stack].parent;
        frame = profile.stacks[stack].frame;
    }
    return frame;
}

} // namespace

AddressCosts AddressCosts::compute(const Profile &profile, const SampleFilter &filter, FunctionId function,
                                   const AggregationControl &control) {
    const StackWeights weights = weighStacks(profile, filter, control);
    AddressCosts costs;
    bool seenOutOfLine = false, seenInlined = false;
    std::vector<uint64_t> seen; // addresses of the function on one stack
    for (StackId s = 0; s < profile.stacks.size(); ++s) {
        const uint64_t cost = weights.cost[s];
        if (cost == 0 && weights.samples[s] == 0) continue;
        const Frame &owner = profile.frames[ownerFrame(profile, s)];
        if (owner.function == function) {
            costs.self[owner.address] += cost;
            costs.selfTotal += cost;
            costs.selfSamples += weights.samples[s];
        }
        seen.clear();
        for (StackId walk = s; walk != kNoStack; walk = profile.stacks[walk].parent) {
            const Frame &frame = profile.frames[profile.stacks[walk].frame];
            if (frame.function != function) continue;
            (frame.inlined ? seenInlined : seenOutOfLine) = true;
            if (frame.inlined || std::find(seen.begin(), seen.end(), frame.address) != seen.end()) continue;
            seen.push_back(frame.address);
            costs.inclusive[frame.address] += cost;
        }
        if (!seen.empty()) costs.inclusiveTotal += cost;
    }
    costs.inlinedOnly = seenInlined && !seenOutOfLine;
    return costs;
}

} // namespace perfglass
