#include "FlatProfile.h"

#include "StackCosts.h"

#include <algorithm>

namespace perfglass {

FlatProfile FlatProfile::compute(const Profile &profile, const SampleFilter &filter) {
    return compute(profile, filter, AggregationControl{});
}

FlatProfile FlatProfile::compute(const Profile &profile, const SampleFilter &filter,
                                 const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(profile, filter, control);
    const TransformedStacks &stacks = *costs.stacks;
    FlatProfile flat;
    flat.stacks = costs.stacks;
    flat.total = costs.total;
    flat.sampleCount = costs.sampleCount;
    const size_t functionCount = stacks.functionCount();
    std::vector<uint64_t> self(functionCount, 0);
    std::vector<uint64_t> inclusive(functionCount, 0);
    std::vector<uint32_t> lastSeen(functionCount, UINT32_MAX);
    for (size_t s = 0; s < stacks.size(); ++s) {
        const uint64_t cost = costs.self[s];
        if (cost == 0) continue;
        self[stacks.node(static_cast<StackId>(s)).function] += cost;
        for (StackId walk = static_cast<StackId>(s); walk != kNoStack; walk = stacks.node(walk).parent) {
            const FunctionId function = stacks.node(walk).function;
            if (lastSeen[function] == s) continue; // recursion: once per stack
            lastSeen[function] = static_cast<uint32_t>(s);
            inclusive[function] += cost;
        }
    }
    for (FunctionId f = 0; f < functionCount; ++f)
        if (inclusive[f] > 0) flat.functions.push_back({f, self[f], inclusive[f]});
    std::sort(flat.functions.begin(), flat.functions.end(), [](const FunctionCost &a, const FunctionCost &b) {
        if (a.self != b.self) return a.self > b.self;
        return a.inclusive != b.inclusive ? a.inclusive > b.inclusive : a.function < b.function;
    });
    return flat;
}

} // namespace perfglass
