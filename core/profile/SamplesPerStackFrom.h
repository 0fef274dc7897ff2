// How many samples end in each stack, from sample FROM of a profile on: the stacks a growing profile's new
// samples use, each once with its count, which extensions of per-stack facts walk (unnamed frames, source
// lines) instead of every stack. In the order of their ids, as a walk over every stack goes: on deep stacks
// most new samples have a stack of their own, and walking them in a hash table's order, each to its root,
// cost half as much again in cache misses (the unnamed frames of the g++ DWARF recording opened in steps).
#pragma once

#include "profile/Profile.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace perfglass {

inline std::vector<std::pair<StackId, uint64_t>> samplesPerStackFrom(const Profile &profile, size_t from) {
    const auto &stacks = profile.samples.stack;
    const size_t begin = std::min(from, stacks.size());
    const size_t added = stacks.size() - begin;
    const size_t known = profile.stacks.size();
    std::vector<std::pair<StackId, uint64_t>> counts;
    if (known <= 4 * added) { // many samples for the stacks there are: a count per stack
        std::vector<uint64_t> perStack(known, 0);
        for (size_t i = begin; i < stacks.size(); ++i)
            if (const StackId stack = stacks[i]; stack < known) ++perStack[stack];
        for (StackId stack = 0; stack < known; ++stack)
            if (perStack[stack] != 0) counts.emplace_back(stack, perStack[stack]);
        return counts;
    }
    std::vector<StackId> used; // few: their stacks sorted, and counted as they repeat
    used.reserve(added);
    for (size_t i = begin; i < stacks.size(); ++i)
        if (const StackId stack = stacks[i]; stack < known) used.push_back(stack);
    std::sort(used.begin(), used.end());
    for (const StackId stack : used)
        if (counts.empty() || counts.back().first != stack)
            counts.emplace_back(stack, 1);
        else
            ++counts.back().second;
    return counts;
}

} // namespace perfglass
