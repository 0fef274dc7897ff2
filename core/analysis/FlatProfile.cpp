#include "analysis/FlatProfile.h"

#include "analysis/StackCosts.h"

#include <algorithm>

namespace perfglass {

FlatProfile FlatProfile::compute(const Profile &profile, const SampleFilter &filter) {
    return compute(profile, filter, AggregationControl{});
}

FlatProfile FlatProfile::compute(const Profile &profile, const SampleFilter &filter,
                                 const AggregationControl &control) {
    return fromCosts(StackCosts::compute(profile, filter, control));
}

FlatProfile FlatProfile::fromCosts(const StackCosts &costs) {
    const TransformedStacks &stacks = *costs.stacks;
    FlatProfile flat;
    flat.stacks = costs.stacks;
    flat.total = costs.total;
    flat.sampleCount = costs.sampleCount;
    const size_t functionCount = stacks.functionCount();
    std::vector<uint64_t> self(functionCount, 0);
    std::vector<uint64_t> inclusive(functionCount, 0);
    std::vector<uint64_t> inlinedSelf(functionCount, 0);
    std::vector<uint64_t> selfSamples(functionCount, 0);
    std::vector<uint64_t> samples(functionCount, 0);
    std::vector<uint8_t> frameKinds(functionCount, 0); // bit 0: seen out of line, bit 1: seen inlined
    std::vector<uint32_t> lastSeen(functionCount, UINT32_MAX);
    for (size_t s = 0; s < stacks.size(); ++s) {
        const uint64_t cost = costs.self[s];
        if (cost == 0) continue;
        const auto leaf = static_cast<StackId>(s);
        self[stacks.node(stacks.owner(leaf)).function] += cost;
        selfSamples[stacks.node(stacks.owner(leaf)).function] += costs.samples[s];
        if (stacks.node(leaf).inlined) inlinedSelf[stacks.node(leaf).function] += cost;
        for (StackId walk = leaf; walk != kNoStack; walk = stacks.node(walk).parent) {
            const TransformedStacks::Node &node = stacks.node(walk);
            frameKinds[node.function] |= node.inlined ? 2 : 1;
            if (lastSeen[node.function] == s) continue; // recursion: once per stack
            lastSeen[node.function] = static_cast<uint32_t>(s);
            inclusive[node.function] += cost;
            samples[node.function] += costs.samples[s];
        }
    }
    for (FunctionId f = 0; f < functionCount; ++f)
        if (inclusive[f] > 0)
            flat.functions.push_back(
                {f, self[f], inclusive[f], inlinedSelf[f], frameKinds[f] == 2, selfSamples[f], samples[f]});
    std::sort(flat.functions.begin(), flat.functions.end(), [](const FunctionCost &a, const FunctionCost &b) {
        if (a.self != b.self) return a.self > b.self;
        return a.inclusive != b.inclusive ? a.inclusive > b.inclusive : a.function < b.function;
    });
    return flat;
}

} // namespace perfglass
