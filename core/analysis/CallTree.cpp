#include "analysis/CallTree.h"

#include "analysis/StackCosts.h"

#include <algorithm>
#include <unordered_map>

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
    std::unordered_map<uint64_t, uint32_t> childByKey[2]; // out-of-line and inline frames
    const auto child = [&](uint32_t parent, const TransformedStacks::Node &frame) {
        const uint64_t key = (uint64_t{parent} << 32) | frame.function;
        auto [it, inserted] =
            childByKey[frame.inlined ? 1 : 0].try_emplace(key, static_cast<uint32_t>(tree->nodes_.size()));
        if (inserted) {
            CallTreeNode node;
            node.function = frame.function;
            node.inlined = frame.inlined;
            node.parent = parent;
            tree->nodes_.push_back(std::move(node));
            tree->nodes_[parent].children.push_back(it->second);
        }
        return it->second;
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
