#include "analysis/TransformedStacks.h"

#include "base/Error.h"
#include "base/IdHashIndex.h"

#include <fmt/format.h>

#include <unordered_map>

namespace perfglass {

namespace {

// A node that is still on its way into a focused path: its samples are dropped, its children may match.
constexpr StackId kPending = kNoStack - 2;

} // namespace

// A function-level prefix tree under construction; parents always get smaller ids than their children. Nodes
// are found by (parent, function, inlined) in an index keyed in the nodes themselves.
class FunctionTree {
public:
    std::vector<TransformedStacks::Node> nodes;

    FunctionTree() = default;
    // Goes on from the nodes of a finished tree.
    explicit FunctionTree(std::vector<TransformedStacks::Node> built)
        : nodes(std::move(built)) {
        for (StackId id = 0; id < nodes.size(); ++id)
            index_.insert(hashOf(nodes[id]), id, [this](uint32_t stored) { return hashOf(nodes[stored]); });
    }

    StackId child(StackId parent, FunctionId function, bool inlined) {
        const TransformedStacks::Node wanted{function, parent, inlined};
        const uint64_t hash = hashOf(wanted);
        const uint32_t found = index_.find(hash, [&](uint32_t id) {
            const auto &node = nodes[id];
            return node.parent == parent && node.function == function && node.inlined == inlined;
        });
        if (found != IdHashIndex::kAbsent) return found;
        const auto id = static_cast<StackId>(nodes.size());
        nodes.push_back(wanted);
        index_.insert(hash, id, [this](uint32_t stored) { return hashOf(nodes[stored]); });
        return id;
    }
    void reserve(size_t count) { nodes.reserve(count); }

private:
    static uint64_t hashOf(const TransformedStacks::Node &node) {
        return (uint64_t{node.parent} << 32 | node.function) * 2 + (node.inlined ? 1 : 0);
    }

    IdHashIndex index_;
};

// Applies one transform to a tree, producing the next tree and the node each input node became.
class TransformApplier {
public:
    TransformApplier(const Profile &profile, TransformedStacks &result)
        : profile_(profile)
        , result_(result) {}

    void check(const Transform &transform) const;
    std::vector<StackId> apply(const Transform &transform, const FunctionTree &in, FunctionTree &out);
    // What the empty stack becomes under the transform.
    static StackId mapEmpty(const Transform &transform, StackId current);

private:
    bool matches(const Transform &transform, FunctionId function) const {
        return transform.function == kAnyFunction || transform.function == function;
    }
    bool isKernel(FunctionId function) const {
        return profile_.modules[result_.functionModule(profile_, function)].kernel;
    }
    FunctionId moduleFunction(ModuleId module);
    static StackId ancestorWith(const FunctionTree &tree, StackId from, FunctionId function);

    const Profile &profile_;
    TransformedStacks &result_;
    std::unordered_map<ModuleId, FunctionId> moduleFunctions_;
};

void TransformApplier::check(const Transform &transform) const {
    const auto checkFunction = [&](FunctionId function) {
        if (function != kAnyFunction && function >= result_.functionCount())
            throw Error(fmt::format("transform: no function with id {} in this profile", function));
    };
    checkFunction(transform.function);
    for (FunctionId function : transform.path)
        checkFunction(function);
    if (transform.kind == TransformKind::CollapseModule && transform.module >= profile_.modules.size())
        throw Error(fmt::format("transform: no module with id {} in this profile", transform.module));
    if (transform.kind == TransformKind::FocusSubtree && transform.path.empty())
        throw Error("transform: focus on a subtree needs a call path of at least one function");
    const bool needsFunction = transform.kind == TransformKind::MergeFunction ||
                               transform.kind == TransformKind::DropFunction ||
                               transform.kind == TransformKind::FocusFunction;
    if (needsFunction && transform.function == kAnyFunction)
        throw Error("transform: merge, drop and focus need one function");
}

FunctionId TransformApplier::moduleFunction(ModuleId module) {
    auto [it, inserted] =
        moduleFunctions_.try_emplace(module, static_cast<FunctionId>(result_.functionCount()));
    if (inserted) result_.synthetic_.push_back({profile_.moduleName(module), module});
    return it->second;
}

StackId TransformApplier::ancestorWith(const FunctionTree &tree, StackId from, FunctionId function) {
    for (StackId walk = from; walk != kNoStack; walk = tree.nodes[walk].parent)
        if (tree.nodes[walk].function == function) return walk;
    return kNoStack;
}

StackId TransformApplier::mapEmpty(const Transform &transform, StackId current) {
    if (current == kDroppedStack) return kDroppedStack;
    const bool focus =
        transform.kind == TransformKind::FocusSubtree || transform.kind == TransformKind::FocusFunction;
    return focus ? kDroppedStack : kNoStack;
}

std::vector<StackId> TransformApplier::apply(const Transform &transform, const FunctionTree &in,
                                             FunctionTree &out) {
    out.reserve(in.nodes.size());
    std::vector<StackId> map(in.nodes.size(), kDroppedStack);
    std::vector<uint32_t> matched; // FocusSubtree: path entries matched by a pending node
    if (transform.kind == TransformKind::FocusSubtree) matched.assign(in.nodes.size(), 0);
    for (StackId n = 0; n < in.nodes.size(); ++n) {
        const FunctionId f = in.nodes[n].function;
        const bool inlined = in.nodes[n].inlined;
        const StackId inParent = in.nodes[n].parent;
        const StackId parent = inParent == kNoStack ? kNoStack : map[inParent];
        if (parent == kDroppedStack) continue;
        StackId &result = map[n];
        switch (transform.kind) {
        case TransformKind::MergeFunction:
            result = f == transform.function ? parent : out.child(parent, f, inlined);
            break;
        case TransformKind::HideKernel:
            result = isKernel(f) ? parent : out.child(parent, f, inlined);
            break;
        case TransformKind::DropFunction:
            result = f == transform.function ? kDroppedStack : out.child(parent, f, inlined);
            break;
        case TransformKind::FocusFunction:
            if (parent == kNoStack || parent == kPending)
                result = f == transform.function ? out.child(kNoStack, f, inlined) : kPending;
            else
                result = out.child(parent, f, inlined);
            break;
        case TransformKind::FocusSubtree: {
            const size_t done = parent == kNoStack ? 0 : parent == kPending ? matched[inParent] : SIZE_MAX;
            if (done == SIZE_MAX) {
                result = out.child(parent, f, inlined);
            } else if (f == transform.path[done]) {
                result = done + 1 == transform.path.size() ? out.child(kNoStack, f, inlined) : kPending;
                matched[n] = static_cast<uint32_t>(done + 1);
            }
            break;
        }
        case TransformKind::CollapseModule:
            if (result_.functionModule(profile_, f) != transform.module) {
                result = out.child(parent, f, inlined);
            } else {
                const FunctionId collapsed = moduleFunction(transform.module);
                const bool continues = parent != kNoStack && out.nodes[parent].function == collapsed;
                result = continues ? parent : out.child(parent, collapsed, false);
            }
            break;
        case TransformKind::CollapseRecursion: {
            const StackId outer = matches(transform, f) ? ancestorWith(out, parent, f) : kNoStack;
            result = outer != kNoStack ? outer : out.child(parent, f, inlined);
            break;
        }
        case TransformKind::CollapseDirectRecursion: {
            const bool repeats =
                matches(transform, f) && parent != kNoStack && out.nodes[parent].function == f;
            result = repeats ? parent : out.child(parent, f, inlined);
            break;
        }
        }
    }
    for (StackId &target : map)
        if (target == kPending) target = kDroppedStack;
    return map;
}

std::shared_ptr<const TransformedStacks> TransformedStacks::build(const Profile &profile,
                                                                  const std::vector<Transform> &transforms) {
    auto result = std::make_shared<TransformedStacks>();
    result->firstSynthetic_ = static_cast<FunctionId>(profile.functions.size());

    // The untransformed function-level tree: one node per distinct path of functions.
    FunctionTree tree;
    tree.reserve(profile.stacks.size());
    result->mapStacks(profile, 0, tree);
    result->transformed_ = !transforms.empty();

    TransformApplier applier(profile, *result);
    for (const Transform &transform : transforms) {
        applier.check(transform);
        FunctionTree next;
        const std::vector<StackId> step = applier.apply(transform, tree, next);
        for (StackId &target : result->map_) {
            const bool empty = target == kNoStack || target == kDroppedStack;
            target = empty ? TransformApplier::mapEmpty(transform, target) : step[target];
        }
        result->emptyMapsTo_ = TransformApplier::mapEmpty(transform, result->emptyMapsTo_);
        tree = std::move(next);
    }
    result->nodes_ = std::move(tree.nodes);
    return result;
}

std::shared_ptr<const TransformedStacks> TransformedStacks::extend(const TransformedStacks &previous,
                                                                   const Profile &profile) {
    if (previous.transformed_ || previous.map_.size() > profile.stacks.size() ||
        previous.firstSynthetic_ > profile.functions.size())
        return nullptr;
    auto result = std::make_shared<TransformedStacks>();
    result->firstSynthetic_ = static_cast<FunctionId>(profile.functions.size());
    result->map_ = previous.map_;
    FunctionTree tree(previous.nodes_);
    tree.reserve(profile.stacks.size());
    result->mapStacks(profile, static_cast<StackId>(previous.map_.size()), tree);
    result->nodes_ = std::move(tree.nodes);
    return result;
}

// Maps the Profile's stacks from FROM on to nodes of tree, adding the nodes they need.
void TransformedStacks::mapStacks(const Profile &profile, StackId from, FunctionTree &tree) {
    map_.resize(profile.stacks.size());
    for (StackId s = from; s < profile.stacks.size(); ++s) {
        const StackNode &stack = profile.stacks[s];
        if (stack.parent != kNoStack && stack.parent >= s)
            throw Error(
                fmt::format("profile: stack {} has parent {}, not an earlier stack", s, stack.parent));
        const StackId parent = stack.parent == kNoStack ? kNoStack : map_[stack.parent];
        const Frame &frame = profile.frames[stack.frame];
        map_[s] = tree.child(parent, frame.function, frame.inlined);
    }
}

const std::string &TransformedStacks::functionName(const Profile &profile, FunctionId function) const {
    return isSynthetic(function) ? synthetic_[function - firstSynthetic_].name
                                 : profile.functionName(function);
}

ModuleId TransformedStacks::functionModule(const Profile &profile, FunctionId function) const {
    return isSynthetic(function) ? synthetic_[function - firstSynthetic_].module
                                 : profile.functions[function].module;
}

} // namespace perfglass
