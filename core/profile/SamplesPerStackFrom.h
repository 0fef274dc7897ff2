// How many samples end in each stack, from sample FROM of a profile on: the stacks a growing profile's new
// samples use, each once with its count, which extensions of per-stack facts walk (unnamed frames, source
// lines) instead of every stack.
#pragma once

#include "profile/Profile.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace perfglass {

inline std::unordered_map<StackId, uint64_t> samplesPerStackFrom(const Profile &profile, size_t from) {
    std::unordered_map<StackId, uint64_t> counts;
    const auto &stacks = profile.samples.stack;
    for (size_t i = std::min(from, stacks.size()); i < stacks.size(); ++i)
        if (const StackId stack = stacks[i]; stack < profile.stacks.size()) ++counts[stack];
    return counts;
}

} // namespace perfglass
