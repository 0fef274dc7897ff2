#include "analysis/CallTree.h"

#include "analysis/StackCosts.h"
#include "base/IdHashIndex.h"

#include <algorithm>

namespace perfglass {

namespace {
constexpr uint32_t kUnset = UINT32_MAX;
}

std::shared_ptr<const CallTree> CallTree::topDown(std::shared_ptr<const Profile> profile,
                                                  const SampleFilter &filter) {
    return topDown(std::move(profile), filter, AggregationControl{});
}

std::shared_ptr<const CallTree> CallTree::topDown(std::shared_ptr<const Profile> profile,
                                                  const SampleFilter &filter,
                                                  const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(*profile, filter, control);
    return topDownFromCosts(std::move(profile), costs);
}

std::shared_ptr<const CallTree> CallTree::topDownFromCosts(std::shared_ptr<const Profile> profile,
                                                           const StackCosts &costs) {
    auto tree = std::make_shared<CallTree>();
    tree->profile_ = std::move(profile);
    tree->stacks_ = costs.stacks;
    tree->sampleCount_ = costs.sampleCount;
    const TransformedStacks &stacks = *costs.stacks;

    // The transformed stacks already form a function-level prefix tree; keep the nodes that have cost.
    std::vector<uint64_t> inclusive = costs.self;
    for (size_t s = stacks.size(); s-- > 0;)
        if (stacks.node(static_cast<StackId>(s)).parent != kNoStack)
            inclusive[stacks.node(static_cast<StackId>(s)).parent] += inclusive[s];
    tree->nodes_.push_back({});
    tree->nodes_[kRoot].self = costs.rootSelf;
    std::vector<uint32_t> nodeOfStack(stacks.size(), kUnset);
    for (size_t s = 0; s < stacks.size(); ++s) {
        if (inclusive[s] == 0) continue;
        const auto &stack = stacks.node(static_cast<StackId>(s));
        CallTreeNode node;
        node.function = stack.function;
        node.inlined = stack.inlined;
        node.parent = stack.parent == kNoStack ? kRoot : nodeOfStack[stack.parent];
        node.self = costs.self[s];
        nodeOfStack[s] = static_cast<uint32_t>(tree->nodes_.size());
        tree->nodes_[node.parent].children.push_back(nodeOfStack[s]);
        tree->nodes_.push_back(std::move(node));
    }
    tree->sumInclusive();
    tree->sortAndMeasure();
    return tree;
}

std::shared_ptr<const CallTree> CallTree::bottomUp(std::shared_ptr<const Profile> profile,
                                                   const SampleFilter &filter,
                                                   const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(*profile, filter, control);
    return bottomUpFromCosts(std::move(profile), costs);
}

std::shared_ptr<const CallTree> CallTree::bottomUpFromCosts(std::shared_ptr<const Profile> profile,
                                                            const StackCosts &costs) {
    auto tree = std::make_shared<CallTree>();
    tree->kind_ = Kind::BottomUp;
    tree->profile_ = std::move(profile);
    tree->stacks_ = costs.stacks;
    tree->sampleCount_ = costs.sampleCount;
    const TransformedStacks &stacks = *costs.stacks;

    tree->nodes_.push_back({});
    tree->nodes_[kRoot].self = costs.rootSelf;
    // The nodes below the root by (parent, function, inlined), keyed in the nodes themselves: deep stacks
    // make millions of look-ups, which a node-based map would pay with an allocation each.
    std::vector<CallTreeNode> &nodes = tree->nodes_;
    const auto hashOf = [](uint32_t parent, FunctionId function, bool inlined) {
        return (uint64_t{parent} << 32 | function) * 2 + (inlined ? 1 : 0);
    };
    IdHashIndex index;
    const auto child = [&](uint32_t parent, const TransformedStacks::Node &frame) {
        const uint64_t hash = hashOf(parent, frame.function, frame.inlined);
        const uint32_t found = index.find(hash, [&](uint32_t id) {
            return nodes[id].parent == parent && nodes[id].function == frame.function &&
                   nodes[id].inlined == frame.inlined;
        });
        if (found != IdHashIndex::kAbsent) return found;
        const auto id = static_cast<uint32_t>(nodes.size());
        CallTreeNode node;
        node.function = frame.function;
        node.inlined = frame.inlined;
        node.parent = parent;
        nodes.push_back(std::move(node));
        nodes[parent].children.push_back(id);
        index.insert(hash, id, [&](uint32_t stored) {
            return hashOf(nodes[stored].parent, nodes[stored].function, nodes[stored].inlined);
        });
        return id;
    };
    // Each stack that samples end in is one path leaf → callers → outermost frame. Every node on the path
    // counts the stack's cost as inclusive; the first node, the frame the samples end in, as self.
    uint64_t total = costs.rootSelf;
    for (size_t s = 0; s < stacks.size(); ++s) {
        const uint64_t cost = costs.self[s];
        if (cost == 0) continue;
        total += cost;
        uint32_t node = kRoot;
        for (StackId walk = static_cast<StackId>(s); walk != kNoStack; walk = stacks.node(walk).parent) {
            node = child(node, stacks.node(walk));
            tree->nodes_[node].inclusive += cost;
            if (walk == s) tree->nodes_[node].self += cost;
        }
    }
    tree->nodes_[kRoot].inclusive = total;
    tree->sortAndMeasure();
    return tree;
}

void CallTree::sumInclusive() {
    // Children always come after their parents: summing backwards gives inclusive costs.
    for (size_t n = nodes_.size(); n-- > 0;) {
        auto &node = nodes_[n];
        node.inclusive += node.self;
        if (n != kRoot) nodes_[node.parent].inclusive += node.inclusive;
    }
}

void CallTree::sortAndMeasure() {
    std::vector<uint32_t> depth(nodes_.size(), 0);
    for (size_t n = 1; n < nodes_.size(); ++n) {
        depth[n] = depth[nodes_[n].parent] + 1;
        maxDepth_ = std::max(maxDepth_, depth[n]);
    }
    for (auto &node : nodes_) {
        std::sort(node.children.begin(), node.children.end(), [&](uint32_t a, uint32_t b) {
            return nodes_[a].inclusive != nodes_[b].inclusive ? nodes_[a].inclusive > nodes_[b].inclusive
                                                              : a < b;
        });
    }
}

} // namespace perfglass
