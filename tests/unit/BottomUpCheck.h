// Checks that a bottom-up tree's self costs are the flat profile's (issue: the self cost of a bottom-up
// top-level row is the function's own cost, as in hotspot and `perf report --no-children -G`). Used by
// tst_aggregation on hand-made profiles and by tst_golden on recordings made by perf and by perfglass-cli.
//
// Every top-level row's self is its whole inclusive cost and the nodes below it (callers) carry none. Without
// inline frames, a top-level row's self is the function's flat self. With them, an inline top-level row's
// self is the function's inlinedSelf, and the flat self of a function is its out-of-line row's self plus the
// cost of the code inlined into it, which is found below the inline rows as their first out-of-line caller
// (or the outermost inline frame, when a transform removed that caller; TransformedStacks::owner).
#pragma once

#include "analysis/CallTree.h"
#include "analysis/FlatProfile.h"

#include <QtTest>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace perfglass::test {

inline void compareBottomUpSelfWithFlat(const std::shared_ptr<const Profile> &profile,
                                        const SampleFilter &filter) {
    const auto tree = CallTree::bottomUp(profile, filter);
    const FlatProfile flat = FlatProfile::compute(*profile, filter);
    QCOMPARE(tree->total(), flat.total);
    std::map<FunctionId, uint64_t> self;        // from out-of-line rows and the owners of inline code
    std::map<FunctionId, uint64_t> inlinedSelf; // from inline rows
    uint64_t selfSum = tree->node(CallTree::kRoot).self;
    for (uint32_t top : tree->node(CallTree::kRoot).children) {
        const CallTreeNode &row = tree->node(top);
        const std::string name = tree->functionName(row.function);
        QVERIFY2(row.self == row.inclusive, ("top-level row " + name).c_str());
        selfSum += row.self;
        if (!row.inlined) {
            self[row.function] += row.self;
            continue;
        }
        inlinedSelf[row.function] += row.self;
        std::vector<uint32_t> pending{top};
        while (!pending.empty()) {
            const CallTreeNode &inlineNode = tree->node(pending.back());
            pending.pop_back();
            uint64_t throughCallers = 0;
            for (uint32_t caller : inlineNode.children) {
                const CallTreeNode &node = tree->node(caller);
                throughCallers += node.inclusive;
                if (node.inlined)
                    pending.push_back(caller);
                else
                    self[node.function] += node.inclusive;
            }
            // A transform removed the out-of-line frame: the outermost inline frame owns the code.
            self[inlineNode.function] += inlineNode.inclusive - throughCallers;
        }
    }
    QCOMPARE(selfSum, tree->total());
    for (size_t n = 1; n < tree->nodes().size(); ++n)
        if (tree->node(static_cast<uint32_t>(n)).parent != CallTree::kRoot)
            QVERIFY2(tree->node(static_cast<uint32_t>(n)).self == 0, "a caller node has self cost");
    for (const FunctionCost &cost : flat.functions) {
        const std::string name = flat.functionName(*profile, cost.function);
        QVERIFY2(self[cost.function] == cost.self, ("self of " + name).c_str());
        QVERIFY2(inlinedSelf[cost.function] == cost.inlinedSelf, ("inlined self of " + name).c_str());
    }
}

} // namespace perfglass::test
