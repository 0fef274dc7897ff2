#include "CallTree.h"

#include <algorithm>
#include <unordered_map>

namespace perfglass {

namespace {
constexpr uint32_t kUnset = UINT32_MAX;
}

std::shared_ptr<const CallTree> CallTree::topDown(std::shared_ptr<const Profile> profile,
                                                  const SampleFilter &filter) {
    auto tree = std::make_shared<CallTree>();
    tree->profile_ = std::move(profile);
    const Profile &p = *tree->profile_;
    tree->nodes_.push_back({});

    // Cost per stack first: far fewer stacks than samples.
    std::vector<uint64_t> stackCost(p.stacks.size(), 0);
    uint64_t rootSelf = 0;
    for (size_t i = 0; i < p.samples.size(); ++i) {
        if (!filter.accepts(p, i)) continue;
        ++tree->sampleCount_;
        const StackId stack = p.samples.stack[i];
        if (stack == kNoStack)
            rootSelf += filter.weight(p, i);
        else
            stackCost[stack] += filter.weight(p, i);
    }

    // Map every stack to its tree node. A stack's parent always has a smaller id, so one forward pass
    // suffices; only stacks on a path to a costed stack are mapped.
    std::vector<uint8_t> needed(p.stacks.size(), 0);
    for (size_t s = p.stacks.size(); s-- > 0;) {
        if (stackCost[s] > 0 || needed[s]) {
            needed[s] = 1;
            if (p.stacks[s].parent != kNoStack) needed[p.stacks[s].parent] = 1;
        }
    }
    struct ChildKey {
        uint32_t parent;
        FunctionId function;
        bool operator==(const ChildKey &) const = default;
    };
    struct ChildKeyHash {
        size_t operator()(const ChildKey &key) const {
            return std::hash<uint64_t>()((uint64_t{key.parent} << 32 | key.function) * 0x9E3779B97F4A7C15ULL);
        }
    };
    std::unordered_map<ChildKey, uint32_t, ChildKeyHash> childByKey;
    std::vector<uint32_t> nodeOfStack(p.stacks.size(), kUnset);
    std::vector<uint32_t> depth(1, 0);
    for (size_t s = 0; s < p.stacks.size(); ++s) {
        if (!needed[s]) continue;
        const StackNode &stack = p.stacks[s];
        const uint32_t parentNode = stack.parent == kNoStack ? kRoot : nodeOfStack[stack.parent];
        const FunctionId function = p.frames[stack.frame].function;
        const ChildKey key{parentNode, function};
        auto [it, inserted] = childByKey.emplace(key, static_cast<uint32_t>(tree->nodes_.size()));
        if (inserted) {
            CallTreeNode node;
            node.function = function;
            node.parent = parentNode;
            tree->nodes_.push_back(std::move(node));
            tree->nodes_[parentNode].children.push_back(it->second);
            depth.push_back(depth[parentNode] + 1);
            tree->maxDepth_ = std::max(tree->maxDepth_, depth.back());
        }
        nodeOfStack[s] = it->second;
        tree->nodes_[it->second].self += stackCost[s];
    }
    tree->nodes_[kRoot].self = rootSelf;
    // Children were created after their parents: summing backwards gives inclusive costs.
    for (size_t n = tree->nodes_.size(); n-- > 0;) {
        auto &node = tree->nodes_[n];
        node.inclusive += node.self;
        if (n != kRoot) tree->nodes_[node.parent].inclusive += node.inclusive;
    }
    for (auto &node : tree->nodes_) {
        std::sort(node.children.begin(), node.children.end(), [&](uint32_t a, uint32_t b) {
            return tree->nodes_[a].inclusive > tree->nodes_[b].inclusive;
        });
    }
    return tree;
}

} // namespace perfglass
