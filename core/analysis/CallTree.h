// Call trees of a Profile. Top-down: one node per distinct call path of functions (outermost caller first),
// with the cost of the samples whose stacks pass through it (inclusive) and end in it (self). Bottom-up: the
// root's children are the functions samples end in, each node's children are its callers; a node's
// inclusive cost is that of the samples whose stacks start (from the leaf) with its path. In both, self is
// the cost of the samples whose leaf frame the node is: in a bottom-up tree that is the whole cost of a
// top-level node (the function's own cost, as hotspot and `perf report --no-children -G` show it) and 0
// below it, where the nodes are callers. Immutable once built.
// Inline frames are nodes of their own (CallTreeNode::inlined), apart from out-of-line calls of the same
// function; a node's self is the cost of the samples whose leaf frame it is, so the self of an inline node
// is the cost of the inlined code (FlatProfile instead charges it to the function it was inlined into).
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"

#include <cstdint>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace perfglass {

struct StackCosts;

struct CallTreeNode {
    FunctionId function = 0; // meaningless for the root; may name a synthetic function (see functionName)
    uint32_t parent = 0;     // the root is its own parent
    uint64_t inclusive = 0;
    uint64_t self = 0;
    std::vector<uint32_t> children; // sorted by inclusive cost, highest first
    bool inlined = false;           // an inline frame: the function's code inlined into its caller
};

class CallTree {
public:
    static constexpr uint32_t kRoot = 0;
    enum class Kind { TopDown, BottomUp };

    // Both apply filter.transforms; throw Error for bad transforms and Cancelled.
    static std::shared_ptr<const CallTree> topDown(std::shared_ptr<const Profile> profile,
                                                   const SampleFilter &filter);
    static std::shared_ptr<const CallTree> topDown(std::shared_ptr<const Profile> profile,
                                                   const SampleFilter &filter,
                                                   const AggregationControl &control);
    static std::shared_ptr<const CallTree> bottomUp(std::shared_ptr<const Profile> profile,
                                                    const SampleFilter &filter,
                                                    const AggregationControl &control = {});
    // The same from the costs of the filter (StackCosts::compute or fold).
    static std::shared_ptr<const CallTree> topDownFromCosts(std::shared_ptr<const Profile> profile,
                                                            const StackCosts &costs);
    // The bottom-up tree of the same samples as TOPDOWN; throws Cancelled once STOP is requested.
    static std::shared_ptr<const CallTree> bottomUpOf(const CallTree &topDown,
                                                      const std::stop_token &stop = {});

    Kind kind() const { return kind_; }
    const Profile &profile() const { return *profile_; }
    const std::shared_ptr<const Profile> &sharedProfile() const { return profile_; }
    const std::vector<CallTreeNode> &nodes() const { return nodes_; }
    const CallTreeNode &node(uint32_t index) const { return nodes_[index]; }
    uint64_t total() const { return nodes_[kRoot].inclusive; }
    uint64_t sampleCount() const { return sampleCount_; }
    // Depth of the deepest node (the root's children have depth 1).
    uint32_t maxDepth() const { return maxDepth_; }

    // Names and modules of node functions, including those transforms made (a collapsed library).
    const TransformedStacks &stacks() const { return *stacks_; }
    // The same stacks, for what outlives the tree (the heat map's counts of a marked function).
    const std::shared_ptr<const TransformedStacks> &sharedStacks() const { return stacks_; }
    const std::string &functionName(FunctionId function) const {
        return stacks_->functionName(*profile_, function);
    }
    ModuleId functionModule(FunctionId function) const {
        return stacks_->functionModule(*profile_, function);
    }

private:
    // The bottom-up tree of NODES, made from a top-down tree or from the costs it is made of.
    static std::shared_ptr<const CallTree> bottomUpTree(std::shared_ptr<const Profile> profile,
                                                        std::shared_ptr<const TransformedStacks> stacks,
                                                        uint64_t sampleCount,
                                                        std::vector<CallTreeNode> nodes);
    void sortAndMeasure(); // children sorted, depth

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const TransformedStacks> stacks_;
    std::vector<CallTreeNode> nodes_;
    Kind kind_ = Kind::TopDown;
    uint64_t sampleCount_ = 0;
    uint32_t maxDepth_ = 0;
};

} // namespace perfglass
