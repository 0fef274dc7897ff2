// Two call trees of the same kind (top-down or bottom-up) merged into one: a node per call path that either
// side has, with the baseline's and the comparison's costs. Paths match frame by frame on the demangled
// function name, the module's file name and whether the frame is inline (FlatDiff matches functions the same
// way), so two builds of a program compare. Each side's own CallTree stays available with a map from its
// nodes to the merged ones: a differential flame graph draws one side's shape and colours each frame by the
// change. Immutable once built.
#pragma once

#include "analysis/CallTree.h"
#include "analysis/DiffScale.h"
#include "analysis/FlatDiff.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct DiffTreeNode {
    uint32_t name = 0;   // index into CallTreeDiff::text(); meaningless for the root
    uint32_t module = 0; // index into CallTreeDiff::text(): the module's file name
    uint32_t parent = 0; // the root is its own parent
    bool inlined = false;
    DiffCost baseline;
    DiffCost comparison;
    std::vector<uint32_t> children; // by the sum of both sides' inclusive shares, highest first
};

class CallTreeDiff {
public:
    static constexpr uint32_t kRoot = 0;

    // Both trees must be of one kind; throws Error otherwise.
    static std::shared_ptr<const CallTreeDiff> compute(std::shared_ptr<const CallTree> baseline,
                                                       std::shared_ptr<const CallTree> comparison);
    // Builds both trees of KIND, each with its side's filter and transforms; throws Error, Cancelled.
    static std::shared_ptr<const CallTreeDiff>
    compute(std::shared_ptr<const Profile> baseline, const SampleFilter &baselineFilter,
            std::shared_ptr<const Profile> comparison, const SampleFilter &comparisonFilter,
            CallTree::Kind kind, const AggregationControl &control = {});

    CallTree::Kind kind() const { return baseline_->kind(); }
    const std::vector<DiffTreeNode> &nodes() const { return nodes_; }
    const DiffTreeNode &node(uint32_t index) const { return nodes_[index]; }
    const std::string &functionName(uint32_t index) const { return text_[nodes_[index].name]; }
    const std::string &moduleName(uint32_t index) const { return text_[nodes_[index].module]; }
    uint64_t baselineTotal() const { return nodes_[kRoot].baseline.inclusive; }
    uint64_t comparisonTotal() const { return nodes_[kRoot].comparison.inclusive; }
    DiffScale scale(DiffNormalize normalize) const { return {normalize, baselineTotal(), comparisonTotal()}; }

    const std::shared_ptr<const CallTree> &baselineTree() const { return baseline_; }
    const std::shared_ptr<const CallTree> &comparisonTree() const { return comparison_; }
    // The merged node of a node of the baseline's (comparison's) own tree.
    uint32_t fromBaseline(uint32_t baselineNode) const { return fromBaseline_[baselineNode]; }
    uint32_t fromComparison(uint32_t comparisonNode) const { return fromComparison_[comparisonNode]; }
    // The nodes from the root down to INDEX, both included.
    std::vector<uint32_t> pathTo(uint32_t index) const;

private:
    class Builder;

    std::shared_ptr<const CallTree> baseline_;
    std::shared_ptr<const CallTree> comparison_;
    std::vector<DiffTreeNode> nodes_;
    std::vector<std::string> text_;
    std::vector<uint32_t> fromBaseline_;
    std::vector<uint32_t> fromComparison_;
};

} // namespace perfglass
