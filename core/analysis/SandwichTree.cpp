#include "analysis/SandwichTree.h"

#include <algorithm>

namespace perfglass {

SandwichTree::SandwichTree(FunctionId function) {
    nodes_.push_back({function, false, kRoot, 0, {}});
}

uint32_t SandwichTree::child(uint32_t parent, FunctionId function, bool inlined) {
    const uint64_t key = (uint64_t{parent} << 33) | (uint64_t{inlined} << 32) | function;
    const auto [it, inserted] = index_.try_emplace(key, static_cast<uint32_t>(nodes_.size()));
    if (inserted) {
        nodes_.push_back({function, inlined, parent, 0, {}});
        nodes_[parent].children.push_back(it->second);
    }
    return it->second;
}

void SandwichTree::addPath(const std::vector<std::pair<FunctionId, bool>> &path, uint64_t cost) {
    uint32_t at = kRoot;
    nodes_[at].cost += cost;
    for (const auto &[function, inlined] : path) {
        at = child(at, function, inlined);
        nodes_[at].cost += cost;
    }
    depth_ = std::max(depth_, static_cast<uint32_t>(path.size()));
}

void SandwichTree::finish() {
    index_.clear();
    for (Node &node : nodes_)
        std::sort(node.children.begin(), node.children.end(), [this](uint32_t a, uint32_t b) {
            if (nodes_[a].cost != nodes_[b].cost) return nodes_[a].cost > nodes_[b].cost;
            return nodes_[a].function < nodes_[b].function;
        });
}

} // namespace perfglass
