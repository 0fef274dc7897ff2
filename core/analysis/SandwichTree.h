// One half of a sandwich flame graph (as speedscope's sandwich view): the call paths through one function,
// merged into a tree rooted at that function. The callers' tree follows each stack from the function's
// innermost frame out to the stack's root; the callees' tree from its outermost frame in to the leaf, so a
// recursive function's cost is counted once. Node 0 is the function itself; every node's cost is the cost of
// the samples whose path passes through it; children are sorted by cost, highest first.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace perfglass {

class SandwichTree {
public:
    struct Node {
        FunctionId function = 0;
        bool inlined = false; // an inline frame (TransformedStacks::Node::inlined)
        uint32_t parent = 0;  // node 0's parent is itself
        uint64_t cost = 0;
        std::vector<uint32_t> children;
    };
    static constexpr uint32_t kRoot = 0;

    explicit SandwichTree(FunctionId function = 0);

    // Adds COST along a path leaving the root: (function, inlined) pairs, nearest to the root first.
    void addPath(const std::vector<std::pair<FunctionId, bool>> &path, uint64_t cost);
    // Sorts every node's children by cost, highest first (ties by function); call once, after the paths.
    void finish();

    const Node &node(uint32_t index) const { return nodes_[index]; }
    size_t size() const { return nodes_.size(); }
    // How many levels below the root the deepest node lies.
    uint32_t depth() const { return depth_; }

private:
    uint32_t child(uint32_t parent, FunctionId function, bool inlined);

    std::vector<Node> nodes_;
    std::unordered_map<uint64_t, uint32_t> index_; // (parent, function, inlined) -> node
    uint32_t depth_ = 0;
};

} // namespace perfglass
