#include "analysis/CallTree.h"

#include "analysis/StackCosts.h"
#include "base/Cancellation.h"
#include "base/IdHashIndex.h"

#include <algorithm>
#include <stop_token>

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
    // Node ids first, so that every node and children vector is allocated once, at its size.
    std::vector<uint32_t> nodeOfStack(stacks.size(), kUnset);
    std::vector<uint32_t> childCount(1, 0);
    for (size_t s = 0; s < stacks.size(); ++s) {
        if (inclusive[s] == 0) continue;
        const StackId parent = stacks.node(static_cast<StackId>(s)).parent;
        ++childCount[parent == kNoStack ? kRoot : nodeOfStack[parent]];
        nodeOfStack[s] = static_cast<uint32_t>(childCount.size());
        childCount.push_back(0);
    }
    std::vector<CallTreeNode> &nodes = tree->nodes_;
    nodes.resize(childCount.size());
    for (size_t n = 0; n < nodes.size(); ++n)
        nodes[n].children.reserve(childCount[n]);
    nodes[kRoot].self = costs.rootSelf;
    nodes[kRoot].inclusive = costs.rootSelf;
    for (size_t s = 0; s < stacks.size(); ++s) {
        if (inclusive[s] == 0) continue;
        const auto &stack = stacks.node(static_cast<StackId>(s));
        CallTreeNode &node = nodes[nodeOfStack[s]];
        node.function = stack.function;
        node.inlined = stack.inlined;
        node.parent = stack.parent == kNoStack ? kRoot : nodeOfStack[stack.parent];
        node.self = costs.self[s];
        node.inclusive = inclusive[s];
        nodes[node.parent].children.push_back(nodeOfStack[s]);
        if (node.parent == kRoot) nodes[kRoot].inclusive += inclusive[s];
    }
    tree->sortAndMeasure();
    return tree;
}

namespace {
// A bottom-up node while the tree is built: what identifies it among its siblings, and its costs. Kept apart
// from CallTreeNode (whose children vector makes it large) so that the hash look-ups stay in cache.
struct BottomUpEntry {
    uint32_t parent = 0;
    FunctionId function = 0;
    bool inlined = false;
    uint64_t inclusive = 0;
    uint64_t self = 0;
};

// The nodes of ENTRIES (parents before their children), each node's children in the order they were made.
std::vector<CallTreeNode> nodesOf(const std::vector<BottomUpEntry> &entries) {
    std::vector<uint32_t> childCount(entries.size(), 0);
    for (size_t n = 1; n < entries.size(); ++n)
        ++childCount[entries[n].parent];
    std::vector<CallTreeNode> nodes(entries.size());
    for (size_t n = 0; n < entries.size(); ++n) {
        CallTreeNode &node = nodes[n];
        node.function = entries[n].function;
        node.parent = entries[n].parent;
        node.inclusive = entries[n].inclusive;
        node.self = entries[n].self;
        node.inlined = entries[n].inlined;
        node.children.reserve(childCount[n]);
        if (n != CallTree::kRoot) nodes[node.parent].children.push_back(static_cast<uint32_t>(n));
    }
    return nodes;
}

// The call paths of a top-down tree, leaf by leaf: its nodes 1.. (0 is the root).
class TopDownPaths {
public:
    static constexpr uint32_t kOutermost = CallTree::kRoot; // the parent of an outermost frame

    explicit TopDownPaths(const std::vector<CallTreeNode> &nodes)
        : nodes_(nodes) {}
    uint32_t begin() const { return 1; }
    uint32_t end() const { return static_cast<uint32_t>(nodes_.size()); }
    uint64_t self(uint32_t n) const { return nodes_[n].self; }
    uint32_t parent(uint32_t n) const { return nodes_[n].parent; }
    FunctionId function(uint32_t n) const { return nodes_[n].function; }
    bool inlined(uint32_t n) const { return nodes_[n].inlined; }

private:
    const std::vector<CallTreeNode> &nodes_;
};

// The same paths straight from the costs the top-down tree is made of: the transformed stacks (the same
// prefix tree, numbered from 0, nodes without cost included) and their self costs. Walked in the same order,
// they give the same bottom-up tree without making the top-down one.
class StackPaths {
public:
    static constexpr uint32_t kOutermost = kNoStack;

    explicit StackPaths(const StackCosts &costs)
        : stacks_(*costs.stacks)
        , self_(costs.self) {}
    uint32_t begin() const { return 0; }
    uint32_t end() const { return static_cast<uint32_t>(stacks_.size()); }
    uint64_t self(uint32_t s) const { return self_[s]; }
    uint32_t parent(uint32_t s) const { return stacks_.node(s).parent; }
    FunctionId function(uint32_t s) const { return stacks_.node(s).function; }
    bool inlined(uint32_t s) const { return stacks_.node(s).inlined; }

private:
    const TransformedStacks &stacks_;
    const std::vector<uint64_t> &self_;
};

// Each path with self cost is one path leaf → callers → outermost frame of the bottom-up tree. Every node on
// the path counts that cost as inclusive; the leaf's node as self too. ROOT is the root's own costs.
template <typename Paths>
std::vector<BottomUpEntry> bottomUpEntries(const Paths &paths, BottomUpEntry root,
                                           const std::stop_token &stop) {
    std::vector<BottomUpEntry> entries{root};
    // Deep stacks make millions of look-ups, which a node-based map would pay with an allocation each.
    const auto hashOf = [](uint32_t parent, FunctionId function, bool inlined) {
        return (uint64_t{parent} << 32 | function) * 2 + (inlined ? 1 : 0);
    };
    IdHashIndex index;
    const auto child = [&](uint32_t parent, FunctionId function, bool inlined) {
        const uint64_t hash = hashOf(parent, function, inlined);
        const uint32_t found = index.find(hash, [&](uint32_t id) {
            const BottomUpEntry &entry = entries[id];
            return entry.parent == parent && entry.function == function && entry.inlined == inlined;
        });
        if (found != IdHashIndex::kAbsent) return found;
        const auto id = static_cast<uint32_t>(entries.size());
        entries.push_back({parent, function, inlined, 0, 0});
        index.insert(hash, id, [&](uint32_t stored) {
            return hashOf(entries[stored].parent, entries[stored].function, entries[stored].inlined);
        });
        return id;
    };
    constexpr uint32_t kStopCheckEvery = 4096;
    for (uint32_t leaf = paths.begin(); leaf < paths.end(); ++leaf) {
        if (leaf % kStopCheckEvery == 0) throwIfCancelled(stop);
        const uint64_t cost = paths.self(leaf);
        if (cost == 0) continue;
        uint32_t node = CallTree::kRoot;
        for (uint32_t walk = leaf; walk != Paths::kOutermost; walk = paths.parent(walk)) {
            node = child(node, paths.function(walk), paths.inlined(walk));
            entries[node].inclusive += cost;
            if (walk == leaf) entries[node].self += cost;
        }
    }
    return entries;
}
} // namespace

std::shared_ptr<const CallTree> CallTree::bottomUp(std::shared_ptr<const Profile> profile,
                                                   const SampleFilter &filter,
                                                   const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(*profile, filter, control);
    const BottomUpEntry root{kRoot, 0, false, costs.total, costs.rootSelf};
    return bottomUpTree(std::move(profile), costs.stacks, costs.sampleCount,
                        nodesOf(bottomUpEntries(StackPaths(costs), root, control.stop)));
}

std::shared_ptr<const CallTree> CallTree::bottomUpOf(const CallTree &topDown, const std::stop_token &stop) {
    const CallTreeNode &top = topDown.nodes_[kRoot];
    const BottomUpEntry root{kRoot, 0, false, top.inclusive, top.self};
    return bottomUpTree(topDown.profile_, topDown.stacks_, topDown.sampleCount_,
                        nodesOf(bottomUpEntries(TopDownPaths(topDown.nodes_), root, stop)));
}

std::shared_ptr<const CallTree> CallTree::bottomUpTree(std::shared_ptr<const Profile> profile,
                                                       std::shared_ptr<const TransformedStacks> stacks,
                                                       uint64_t sampleCount,
                                                       std::vector<CallTreeNode> nodes) {
    auto tree = std::make_shared<CallTree>();
    tree->kind_ = Kind::BottomUp;
    tree->profile_ = std::move(profile);
    tree->stacks_ = std::move(stacks);
    tree->sampleCount_ = sampleCount;
    tree->nodes_ = std::move(nodes);
    tree->sortAndMeasure();
    return tree;
}

void CallTree::sortAndMeasure() {
    std::vector<uint32_t> depth(nodes_.size(), 0);
    for (size_t n = 1; n < nodes_.size(); ++n) {
        depth[n] = depth[nodes_[n].parent] + 1;
        maxDepth_ = std::max(maxDepth_, depth[n]);
    }
    for (auto &node : nodes_) {
        if (node.children.size() < 2) continue;
        std::sort(node.children.begin(), node.children.end(), [&](uint32_t a, uint32_t b) {
            return nodes_[a].inclusive != nodes_[b].inclusive ? nodes_[a].inclusive > nodes_[b].inclusive
                                                              : a < b;
        });
    }
}

} // namespace perfglass
