// Which nodes of a TransformedStacks run a function, themselves or through a callee: the nodes whose samples
// the cells of a marked function count (Heatmap::functionSamples). Made in O(nodes); for a later snapshot of
// a growing profile, whose untransformed stacks extend an earlier snapshot's (TransformedStacks::extend,
// which keeps every node's id), only the nodes added since are looked at.
#pragma once

#include "analysis/TransformedStacks.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

class FunctionNodes {
public:
    // FUNCTION's nodes in STACKS. EARLIER: of the same function in the stacks of an earlier snapshot of the
    // growing profile STACKS were made from; its nodes are kept where both stacks are untransformed (their
    // first nodes are then the same), else every node is looked at.
    static std::shared_ptr<const FunctionNodes> of(std::shared_ptr<const TransformedStacks> stacks,
                                                   FunctionId function,
                                                   const FunctionNodes *earlier = nullptr);

    const TransformedStacks &stacks() const { return *stacks_; }
    // Whether the samples of NODE (TransformedStacks::map's) run the function: never for the empty stack or a
    // dropped one.
    bool runs(StackId node) const { return node != kNoStack && node != kDroppedStack && runs_[node] != 0; }
    // How many nodes were taken from EARLIER rather than looked at (0 when made anew).
    size_t keptFromEarlier() const { return kept_; }

private:
    void lookAt(StackId from);

    std::shared_ptr<const TransformedStacks> stacks_;
    FunctionId function_ = 0;
    std::vector<uint8_t> runs_; // by node
    size_t kept_ = 0;
};

} // namespace perfglass
