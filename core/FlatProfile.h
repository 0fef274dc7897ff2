// Per-function costs: self (samples whose leaf frame is in the function) and inclusive (samples with the
// function anywhere on the stack, counted once per sample even under recursion).
#pragma once

#include "Profile.h"
#include "SampleFilter.h"

#include <memory>
#include <vector>

namespace perfglass {

struct FunctionCost {
    FunctionId function = 0;
    uint64_t self = 0;
    uint64_t inclusive = 0;
};

struct FlatProfile {
    std::vector<FunctionCost> functions; // sorted by self cost, highest first, then inclusive
    uint64_t total = 0;
    uint64_t sampleCount = 0;

    static FlatProfile compute(const Profile &profile, const SampleFilter &filter);
};

} // namespace perfglass
