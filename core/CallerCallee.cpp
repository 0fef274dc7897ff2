#include "CallerCallee.h"

#include "StackCosts.h"

#include <algorithm>
#include <unordered_map>

namespace perfglass {

namespace {

void addOnce(std::vector<FunctionId> &seen, FunctionId function) {
    if (std::find(seen.begin(), seen.end(), function) == seen.end()) seen.push_back(function);
}

std::vector<CallerCalleeEntry> sorted(const std::unordered_map<FunctionId, uint64_t> &costs) {
    std::vector<CallerCalleeEntry> entries;
    entries.reserve(costs.size());
    for (const auto &[function, cost] : costs)
        entries.push_back({function, cost});
    std::sort(entries.begin(), entries.end(), [](const CallerCalleeEntry &a, const CallerCalleeEntry &b) {
        return a.cost != b.cost ? a.cost > b.cost : a.function < b.function;
    });
    return entries;
}

} // namespace

CallerCallee CallerCallee::compute(const Profile &profile, const SampleFilter &filter, FunctionId function,
                                   const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(profile, filter, control);
    const TransformedStacks &stacks = *costs.stacks;
    CallerCallee result;
    result.function = function;
    result.total = costs.total;
    result.sampleCount = costs.sampleCount;
    result.stacks = costs.stacks;

    std::unordered_map<FunctionId, uint64_t> callerCost;
    std::unordered_map<FunctionId, uint64_t> calleeCost;
    std::vector<FunctionId> path; // leaf first
    std::vector<FunctionId> callers;
    std::vector<FunctionId> callees;
    for (size_t s = 0; s < stacks.size(); ++s) {
        const uint64_t cost = costs.self[s];
        if (cost == 0) continue;
        path.clear();
        for (StackId walk = static_cast<StackId>(s); walk != kNoStack; walk = stacks.node(walk).parent)
            path.push_back(stacks.node(walk).function);
        callers.clear();
        callees.clear();
        bool onStack = false;
        for (size_t i = 0; i < path.size(); ++i) {
            if (path[i] != function) continue;
            onStack = true;
            if (i + 1 < path.size() && path[i + 1] != function) addOnce(callers, path[i + 1]);
            if (i > 0 && path[i - 1] != function) addOnce(callees, path[i - 1]);
        }
        if (!onStack) continue;
        result.inclusive += cost;
        if (path.front() == function) result.self += cost;
        for (FunctionId caller : callers)
            callerCost[caller] += cost;
        for (FunctionId callee : callees)
            calleeCost[callee] += cost;
    }
    result.callers = sorted(callerCost);
    result.callees = sorted(calleeCost);
    return result;
}

} // namespace perfglass
