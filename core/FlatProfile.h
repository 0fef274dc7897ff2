// Per-function costs: self (samples whose leaf frame is in the function) and inclusive (samples with the
// function anywhere on the stack, counted once per sample even under recursion). Applies filter.transforms.
#pragma once

#include "AggregationRunner.h"
#include "Profile.h"
#include "SampleFilter.h"
#include "TransformedStacks.h"

#include <memory>
#include <string>
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
    // Names functions that transforms made (a collapsed library); see functionName.
    std::shared_ptr<const TransformedStacks> stacks;

    const std::string &functionName(const Profile &profile, FunctionId function) const {
        return stacks ? stacks->functionName(profile, function) : profile.functionName(function);
    }
    ModuleId functionModule(const Profile &profile, FunctionId function) const {
        return stacks ? stacks->functionModule(profile, function) : profile.functions[function].module;
    }

    static FlatProfile compute(const Profile &profile, const SampleFilter &filter);
    static FlatProfile compute(const Profile &profile, const SampleFilter &filter,
                               const AggregationControl &control);
};

} // namespace perfglass
