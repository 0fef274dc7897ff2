// Per-function costs: self (samples whose leaf frame is in the function) and inclusive (samples with the
// function anywhere on the stack, counted once per sample even under recursion). Applies filter.transforms.
//
// Inline frames (Frame::inlined): self cost goes to the function whose machine code the sample is in, the
// first frame from the leaf that is not an inline frame (the ELF symbol, as `perf report --no-children --sort
// sym` counts it), so self costs agree with perf whether inline frames are loaded or not. Inclusive cost
// counts inlined functions like any other. The cost of an inlined function's own code (samples whose leaf
// frame is an inline frame of it) is inlinedSelf: it is part of the self cost of the function it was
// inlined into, not of its own self.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"

#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct StackCosts;

struct FunctionCost {
    FunctionId function = 0;
    uint64_t self = 0; // samples in the function's machine code, including code inlined into it
    uint64_t inclusive = 0;
    uint64_t inlinedSelf = 0; // samples whose leaf frame is an inline frame of the function (charged to the
                              // self cost of the function it was inlined into)
    bool inlinedOnly = false; // every frame of the function in the counted stacks is an inline frame
    uint64_t selfSamples = 0; // how many samples the self cost is made of
    uint64_t samples = 0;     // how many samples have the function on their stack (the inclusive cost's)
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
    // The same from the costs of the filter (StackCosts::compute or fold).
    static FlatProfile fromCosts(const StackCosts &costs);
};

} // namespace perfglass
