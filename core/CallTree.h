// The top-down call tree of a Profile: one node per distinct call path of functions, with the cost of the
// samples whose stacks pass through it (inclusive) and end in it (self). Immutable once built.
#pragma once

#include "Profile.h"
#include "SampleFilter.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

struct CallTreeNode {
    FunctionId function = 0; // meaningless for the root
    uint32_t parent = 0;     // the root is its own parent
    uint64_t inclusive = 0;
    uint64_t self = 0;
    std::vector<uint32_t> children; // sorted by inclusive cost, highest first
};

class CallTree {
public:
    static constexpr uint32_t kRoot = 0;

    static std::shared_ptr<const CallTree> topDown(std::shared_ptr<const Profile> profile,
                                                   const SampleFilter &filter);

    const Profile &profile() const { return *profile_; }
    const std::shared_ptr<const Profile> &sharedProfile() const { return profile_; }
    const std::vector<CallTreeNode> &nodes() const { return nodes_; }
    const CallTreeNode &node(uint32_t index) const { return nodes_[index]; }
    uint64_t total() const { return nodes_[kRoot].inclusive; }
    uint64_t sampleCount() const { return sampleCount_; }
    // Depth of the deepest node (the root's children have depth 1).
    uint32_t maxDepth() const { return maxDepth_; }

private:
    std::shared_ptr<const Profile> profile_;
    std::vector<CallTreeNode> nodes_;
    uint64_t sampleCount_ = 0;
    uint32_t maxDepth_ = 0;
};

} // namespace perfglass
