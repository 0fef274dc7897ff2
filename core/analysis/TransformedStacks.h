// The call stacks of a Profile at function level, after a chain of transforms: a prefix tree of functions
// and, for every stack of the Profile, the node it became. A function inlined at a call site and the same
// function called out of line are different nodes (Node::inlined), so views can mark inline frames and
// charge self cost to the function the code was inlined into. Computed once per chain in O(stacks) (each
// transform maps the previous tree node by node, parents first, memoized), never per sample.
#pragma once

#include "analysis/Transform.h"
#include "profile/Profile.h"

#include <memory>
#include <string>
#include <vector>

namespace perfglass {

// A stack that a transform removed entirely (FocusSubtree, FocusFunction, DropFunction): its samples count
// nowhere. kNoStack, in contrast, is the empty stack: its samples count at the root.
inline constexpr StackId kDroppedStack = kNoStack - 1;

class FunctionTree; // the function-level tree under construction (TransformedStacks.cpp)

// A function that exists only after transforms, such as the frame a collapsed library becomes.
struct SyntheticFunction {
    std::string name;
    ModuleId module = 0;
};

class TransformedStacks {
public:
    struct Node {
        FunctionId function;
        StackId parent;       // kNoStack for an outermost frame
        bool inlined = false; // an inline frame (Frame::inlined): code of function inlined into its parent
    };

    // Throws Error when a transform names a function or module the profile does not have.
    static std::shared_ptr<const TransformedStacks> build(const Profile &profile,
                                                          const std::vector<Transform> &transforms);
    // For what asks only which samples the transforms drop (dropped()): only transforms drop stacks, so
    // without any no tree is built and this is null.
    static std::shared_ptr<const TransformedStacks> forDropping(const Profile &profile,
                                                                const std::vector<Transform> &transforms) {
        return transforms.empty() ? nullptr : build(profile, transforms);
    }
    // Whether DROPPING (forDropping's) drops the samples on a Profile stack.
    static bool dropped(const TransformedStacks *dropping, StackId profileStack) {
        return dropping && dropping->map(profileStack) == kDroppedStack;
    }
    // The untransformed stacks of profile, a later snapshot of the growing profile previous was built from
    // (its stacks and frames first): previous's nodes plus those of the stacks added since, in O(new stacks
    // + nodes) rather than O(stacks). Null when previous was transformed or is not of such a prefix.
    static std::shared_ptr<const TransformedStacks> extend(const TransformedStacks &previous,
                                                           const Profile &profile);

    // The node a Profile stack became: a node id, kNoStack (now empty) or kDroppedStack.
    StackId map(StackId profileStack) const {
        return profileStack == kNoStack ? emptyMapsTo_ : map_[profileStack];
    }
    size_t size() const { return nodes_.size(); }
    // Made with transforms, or grouped by process: its node ids are not those of the plain stacks.
    bool isTransformed() const { return transformed_; }
    const Node &node(StackId id) const { return nodes_[id]; }
    const std::vector<Node> &nodes() const { return nodes_; }
    // The node that owns the code of node id as perf counts it (`perf report --sort sym`): the first node
    // from id outwards that is not an inline frame; the outermost node of the chain if a transform removed
    // it.
    StackId owner(StackId id) const {
        while (nodes_[id].inlined && nodes_[id].parent != kNoStack)
            id = nodes_[id].parent;
        return id;
    }

    // Function ids beyond the Profile's function table name SyntheticFunctions.
    size_t functionCount() const { return firstSynthetic_ + synthetic_.size(); }
    bool isSynthetic(FunctionId function) const { return function >= firstSynthetic_; }
    const std::string &functionName(const Profile &profile, FunctionId function) const;
    ModuleId functionModule(const Profile &profile, FunctionId function) const;

private:
    std::vector<Node> nodes_;
    std::vector<StackId> map_; // by Profile stack id
    StackId emptyMapsTo_ = kNoStack;
    FunctionId firstSynthetic_ = 0;
    std::vector<SyntheticFunction> synthetic_;
    bool transformed_ = false; // built with transforms, or grouped by process: extend() cannot continue it

    void mapStacks(const Profile &profile, StackId from, FunctionTree &tree);

    friend class TransformApplier;
    friend class ProcessGroups;
};

} // namespace perfglass
