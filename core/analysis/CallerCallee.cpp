#include "analysis/CallerCallee.h"

#include "analysis/CostPaths.h"
#include "analysis/StackCosts.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace perfglass {

namespace {

// A caller or callee: a function, and whether that frame was an inline frame.
uint64_t entryKey(FunctionId function, bool inlined) {
    return (uint64_t{inlined} << 32) | function;
}

void addOnce(std::vector<uint64_t> &seen, uint64_t key) {
    if (std::find(seen.begin(), seen.end(), key) == seen.end()) seen.push_back(key);
}

// The sandwich paths of one stack (PATH, leaf first): from the innermost frame of FUNCTION out to the root,
// and from its outermost frame in to the leaf.
void addSandwichPaths(const std::vector<TransformedStacks::Node> &path, FunctionId function, uint64_t cost,
                      CallerCallee &result, std::vector<std::pair<FunctionId, bool>> &scratch) {
    size_t innermost = path.size();
    size_t outermost = 0;
    for (size_t i = 0; i < path.size(); ++i) {
        if (path[i].function != function) continue;
        if (innermost == path.size()) innermost = i;
        outermost = i;
    }
    scratch.clear();
    for (size_t i = innermost + 1; i < path.size(); ++i)
        scratch.emplace_back(path[i].function, path[i].inlined);
    result.callerTree.addPath(scratch, cost);
    scratch.clear();
    for (size_t i = outermost; i-- > 0;)
        scratch.emplace_back(path[i].function, path[i].inlined);
    result.calleeTree.addPath(scratch, cost);
}

std::vector<CallerCalleeEntry> sorted(const std::unordered_map<uint64_t, uint64_t> &costs) {
    std::vector<CallerCalleeEntry> entries;
    entries.reserve(costs.size());
    for (const auto &[key, cost] : costs)
        entries.push_back({static_cast<FunctionId>(key & 0xffffffffu), cost, (key >> 32) != 0});
    std::sort(entries.begin(), entries.end(), [](const CallerCalleeEntry &a, const CallerCalleeEntry &b) {
        if (a.cost != b.cost) return a.cost > b.cost;
        return a.function != b.function ? a.function < b.function : a.inlined < b.inlined;
    });
    return entries;
}

// Caller/callee of FUNCTION over the paths FOREACHPATH visits (CostPaths).
CallerCallee collect(FunctionId function, std::shared_ptr<const TransformedStacks> stacks, uint64_t total,
                     uint64_t sampleCount, const std::function<void(const CostPaths::Visit &)> &forEachPath) {
    CallerCallee result;
    result.function = function;
    result.total = total;
    result.sampleCount = sampleCount;
    result.stacks = std::move(stacks);
    result.callerTree = SandwichTree(function);
    result.calleeTree = SandwichTree(function);
    std::vector<std::pair<FunctionId, bool>> scratch;
    std::unordered_map<uint64_t, uint64_t> callerCost;
    std::unordered_map<uint64_t, uint64_t> calleeCost;
    std::vector<uint64_t> callers;
    std::vector<uint64_t> callees;
    forEachPath([&](const std::vector<TransformedStacks::Node> &path, uint64_t cost) {
        callers.clear();
        callees.clear();
        bool onStack = false;
        for (size_t i = 0; i < path.size(); ++i) {
            if (path[i].function != function) continue;
            onStack = true;
            if (i + 1 < path.size() && path[i + 1].function != function)
                addOnce(callers, entryKey(path[i + 1].function, path[i + 1].inlined));
            if (i > 0 && path[i - 1].function != function)
                addOnce(callees, entryKey(path[i - 1].function, path[i - 1].inlined));
        }
        if (!onStack) return;
        result.inclusive += cost;
        if (path[CostPaths::owner(path)].function == function) result.self += cost;
        if (path.front().inlined && path.front().function == function) result.inlinedSelf += cost;
        addSandwichPaths(path, function, cost, result, scratch);
        for (uint64_t caller : callers)
            callerCost[caller] += cost;
        for (uint64_t callee : callees)
            calleeCost[callee] += cost;
    });
    result.callers = sorted(callerCost);
    result.callees = sorted(calleeCost);
    result.callerTree.finish();
    result.calleeTree.finish();
    return result;
}

} // namespace

CallerCallee CallerCallee::compute(const Profile &profile, const SampleFilter &filter, FunctionId function,
                                   const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(profile, filter, control);
    return collect(
        function, costs.stacks, costs.total, costs.sampleCount,
        [&costs](const CostPaths::Visit &visit) { CostPaths::forEach(*costs.stacks, costs.self, visit); });
}

CallerCallee CallerCallee::fromTree(const CallTree &topDown, FunctionId function,
                                    const std::stop_token &stop) {
    return collect(function, topDown.sharedStacks(), topDown.total(), topDown.sampleCount(),
                   [&](const CostPaths::Visit &visit) { CostPaths::forEach(topDown, visit, stop); });
}

} // namespace perfglass
