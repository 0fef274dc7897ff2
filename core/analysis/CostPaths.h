// The stacks that counted samples end in, each as its path of frames from the leaf out to the outermost
// caller, with the cost of the samples that end there: what caller/callee and search walk. From a filter's
// StackCosts, or from the top-down call tree an analysis already made of them: no pass over the samples, so
// the desktop application answers in a walk of the tree's paths whatever the filter (grouped, off-CPU, a
// growing profile).
#pragma once

#include "analysis/CallTree.h"
#include "analysis/TransformedStacks.h"

#include <cstdint>
#include <functional>
#include <stop_token>
#include <vector>

namespace perfglass {

class CostPaths {
public:
    // PATH: leaf first (Node::parent is not meaningful); COST: that of the samples whose stack ends at the
    // leaf, never 0.
    using Visit = std::function<void(const std::vector<TransformedStacks::Node> &path, uint64_t cost)>;

    // The stacks of STACKS, with SELF by node (StackCosts::self).
    static void forEach(const TransformedStacks &stacks, const std::vector<uint64_t> &self,
                        const Visit &visit);
    // The nodes of a top-down TREE; throws Error for a bottom-up tree, whose paths are not stacks, and
    // Cancelled once STOP is requested.
    static void forEach(const CallTree &tree, const Visit &visit, const std::stop_token &stop = {});
    // The index in PATH (leaf first) of the frame that owns the leaf's code as perf counts it: the first that
    // is not an inline frame, or the outermost (TransformedStacks::owner).
    static size_t owner(const std::vector<TransformedStacks::Node> &path);
};

} // namespace perfglass
