#include "analysis/CallTreeDiff.h"

#include "base/Error.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace perfglass {

namespace {

struct ChildKey {
    uint32_t parent;
    uint32_t name;
    uint32_t module;
    bool inlined;
    bool operator==(const ChildKey &) const = default;
};

struct ChildKeyHash {
    size_t operator()(const ChildKey &key) const {
        uint64_t h = key.parent;
        h = h * 0x9E3779B97F4A7C15ull + key.name;
        h = h * 0x9E3779B97F4A7C15ull + key.module;
        h = h * 0x9E3779B97F4A7C15ull + (key.inlined ? 1 : 0);
        return static_cast<size_t>(h ^ (h >> 29));
    }
};

} // namespace

// Walks each side's tree from the root, finding or adding the merged child of each node's merged parent.
class CallTreeDiff::Builder {
public:
    explicit Builder(CallTreeDiff &diff)
        : diff_(diff) {
        diff_.nodes_.emplace_back();
        diff_.text_.emplace_back();
    }

    void add(const CallTree &tree, DiffCost DiffTreeNode::*side, std::vector<uint32_t> &map) {
        std::unordered_map<FunctionId, std::pair<uint32_t, uint32_t>> names; // function: name, module
        map.assign(tree.nodes().size(), kRoot);
        std::vector<uint32_t> pending{CallTree::kRoot};
        while (!pending.empty()) {
            const uint32_t index = pending.back();
            pending.pop_back();
            const CallTreeNode &node = tree.node(index);
            if (index != CallTree::kRoot) {
                auto [it, inserted] = names.try_emplace(node.function);
                if (inserted)
                    it->second = {intern(tree.functionName(node.function)),
                                  intern(tree.profile().moduleName(tree.functionModule(node.function)))};
                map[index] = child(map[node.parent], it->second.first, it->second.second, node.inlined);
            }
            DiffCost &cost = diff_.nodes_[map[index]].*side;
            cost.self += node.self;
            cost.inclusive += node.inclusive;
            pending.insert(pending.end(), node.children.begin(), node.children.end());
        }
    }

    void sortChildren() {
        const double baselineTotal = static_cast<double>(std::max<uint64_t>(1, diff_.baselineTotal()));
        const double comparisonTotal = static_cast<double>(std::max<uint64_t>(1, diff_.comparisonTotal()));
        auto weight = [&](uint32_t index) {
            const DiffTreeNode &node = diff_.nodes_[index];
            return static_cast<double>(node.baseline.inclusive) / baselineTotal +
                   static_cast<double>(node.comparison.inclusive) / comparisonTotal;
        };
        for (DiffTreeNode &node : diff_.nodes_)
            std::stable_sort(node.children.begin(), node.children.end(),
                             [&](uint32_t a, uint32_t b) { return weight(a) > weight(b); });
    }

private:
    uint32_t intern(const std::string &text) {
        auto [it, inserted] = textIndex_.try_emplace(text, static_cast<uint32_t>(diff_.text_.size()));
        if (inserted) diff_.text_.push_back(text);
        return it->second;
    }

    uint32_t child(uint32_t parent, uint32_t name, uint32_t module, bool inlined) {
        auto [it, inserted] = children_.try_emplace(ChildKey{parent, name, module, inlined},
                                                    static_cast<uint32_t>(diff_.nodes_.size()));
        if (inserted) {
            DiffTreeNode node;
            node.name = name;
            node.module = module;
            node.parent = parent;
            node.inlined = inlined;
            diff_.nodes_.push_back(std::move(node));
            diff_.nodes_[parent].children.push_back(it->second);
        }
        return it->second;
    }

    CallTreeDiff &diff_;
    std::unordered_map<std::string, uint32_t> textIndex_;
    std::unordered_map<ChildKey, uint32_t, ChildKeyHash> children_;
};

std::shared_ptr<const CallTreeDiff> CallTreeDiff::compute(std::shared_ptr<const CallTree> baseline,
                                                          std::shared_ptr<const CallTree> comparison) {
    if (!baseline || !comparison || baseline->kind() != comparison->kind())
        throw Error("a call tree comparison needs two trees of the same kind");
    auto diff = std::make_shared<CallTreeDiff>();
    diff->baseline_ = std::move(baseline);
    diff->comparison_ = std::move(comparison);
    Builder builder(*diff);
    builder.add(*diff->baseline_, &DiffTreeNode::baseline, diff->fromBaseline_);
    builder.add(*diff->comparison_, &DiffTreeNode::comparison, diff->fromComparison_);
    builder.sortChildren();
    return diff;
}

std::shared_ptr<const CallTreeDiff>
CallTreeDiff::compute(std::shared_ptr<const Profile> baseline, const SampleFilter &baselineFilter,
                      std::shared_ptr<const Profile> comparison, const SampleFilter &comparisonFilter,
                      CallTree::Kind kind, const AggregationControl &control) {
    auto build = [&](std::shared_ptr<const Profile> profile, const SampleFilter &filter) {
        return kind == CallTree::Kind::BottomUp ? CallTree::bottomUp(std::move(profile), filter, control)
                                                : CallTree::topDown(std::move(profile), filter, control);
    };
    return compute(build(std::move(baseline), baselineFilter),
                   build(std::move(comparison), comparisonFilter));
}

std::vector<uint32_t> CallTreeDiff::pathTo(uint32_t index) const {
    std::vector<uint32_t> path{index};
    while (index != kRoot) {
        index = nodes_[index].parent;
        path.push_back(index);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

} // namespace perfglass
