// Callers and callees of one function: who calls it and at what cost, whom it calls and at what cost, and
// its own self and inclusive cost. A sample counts once for each distinct caller and callee however often
// the function recurses on its stack, and direct self-calls (F calls F) are not listed as callers or callees.
// Inline frames count as calls: a function inlined into F is one of F's callees, marked inlined, and listed
// apart from out-of-line calls of the same function. Self cost is counted as FlatProfile counts it (code
// inlined into the function is its self cost; inlinedSelf is the function's own code inlined elsewhere).
// callerTree and calleeTree are the two halves of a sandwich flame graph (SandwichTree.h).
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/CallTree.h"
#include "analysis/SampleFilter.h"
#include "analysis/SandwichTree.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"

#include <memory>
#include <vector>

namespace perfglass {

struct CallerCalleeEntry {
    FunctionId function = 0;
    uint64_t cost = 0;    // callers: the function's inclusive cost when called from here; callees: the
                          // callee's inclusive cost when called from the function
    bool inlined = false; // the caller's or callee's frame is an inline frame (as CallTreeNode::inlined):
                          // a callee marked inlined was inlined into the function
};

struct CallerCallee {
    FunctionId function = 0;
    uint64_t self = 0;
    uint64_t inclusive = 0;
    uint64_t inlinedSelf = 0; // as FunctionCost::inlinedSelf
    uint64_t total = 0;       // cost of every counted sample, for percentages
    uint64_t sampleCount = 0;
    std::vector<CallerCalleeEntry> callers; // highest cost first
    std::vector<CallerCalleeEntry> callees;
    SandwichTree callerTree;                         // from the function out to the stacks' roots
    SandwichTree calleeTree;                         // from the function in to the leaves
    std::shared_ptr<const TransformedStacks> stacks; // names synthetic functions

    // Applies filter.transforms; function may be synthetic (a collapsed library's frame).
    static CallerCallee compute(const Profile &profile, const SampleFilter &filter, FunctionId function,
                                const AggregationControl &control = {});
    // The same from the top-down tree of the filter's costs (an analysis' tree): a walk of its paths, no pass
    // over the samples. Throws Error for a bottom-up tree, Cancelled once STOP is requested.
    static CallerCallee fromTree(const CallTree &topDown, FunctionId function,
                                 const std::stop_token &stop = {});
};

} // namespace perfglass
