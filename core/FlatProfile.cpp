#include "FlatProfile.h"

#include <algorithm>

namespace perfglass {

FlatProfile FlatProfile::compute(const Profile &profile, const SampleFilter &filter) {
    FlatProfile flat;
    std::vector<uint64_t> stackCost(profile.stacks.size(), 0);
    for (size_t i = 0; i < profile.samples.size(); ++i) {
        if (!filter.accepts(profile, i)) continue;
        ++flat.sampleCount;
        const uint64_t weight = filter.weight(profile, i);
        flat.total += weight;
        if (profile.samples.stack[i] != kNoStack) stackCost[profile.samples.stack[i]] += weight;
    }
    std::vector<uint64_t> self(profile.functions.size(), 0);
    std::vector<uint64_t> inclusive(profile.functions.size(), 0);
    std::vector<uint32_t> lastSeen(profile.functions.size(), UINT32_MAX);
    for (size_t s = 0; s < profile.stacks.size(); ++s) {
        if (stackCost[s] == 0) continue;
        self[profile.frames[profile.stacks[s].frame].function] += stackCost[s];
        for (StackId walk = static_cast<StackId>(s); walk != kNoStack; walk = profile.stacks[walk].parent) {
            const FunctionId function = profile.frames[profile.stacks[walk].frame].function;
            if (lastSeen[function] == s) continue; // recursion: once per stack
            lastSeen[function] = static_cast<uint32_t>(s);
            inclusive[function] += stackCost[s];
        }
    }
    for (FunctionId f = 0; f < profile.functions.size(); ++f)
        if (inclusive[f] > 0) flat.functions.push_back({f, self[f], inclusive[f]});
    std::sort(flat.functions.begin(), flat.functions.end(), [](const FunctionCost &a, const FunctionCost &b) {
        return a.self != b.self ? a.self > b.self : a.inclusive > b.inclusive;
    });
    return flat;
}

} // namespace perfglass
