#include "analysis/CostPaths.h"

#include "base/Cancellation.h"
#include "base/Error.h"

namespace perfglass {

void CostPaths::forEach(const TransformedStacks &stacks, const std::vector<uint64_t> &self,
                        const Visit &visit) {
    std::vector<TransformedStacks::Node> path;
    for (size_t s = 0; s < stacks.size(); ++s) {
        if (self[s] == 0) continue;
        path.clear();
        for (StackId walk = static_cast<StackId>(s); walk != kNoStack; walk = stacks.node(walk).parent)
            path.push_back(stacks.node(walk));
        visit(path, self[s]);
    }
}

void CostPaths::forEach(const CallTree &tree, const Visit &visit, const std::stop_token &stop) {
    if (tree.kind() != CallTree::Kind::TopDown)
        throw Error("caller/callee and search walk a top-down tree, not a bottom-up one");
    std::vector<TransformedStacks::Node> path;
    for (uint32_t n = CallTree::kRoot + 1; n < tree.nodes().size(); ++n) {
        if (n % 4096 == 0) throwIfCancelled(stop);
        if (tree.node(n).self == 0) continue;
        path.clear();
        for (uint32_t walk = n; walk != CallTree::kRoot; walk = tree.node(walk).parent)
            path.push_back({tree.node(walk).function, kNoStack, tree.node(walk).inlined});
        visit(path, tree.node(n).self);
    }
}

size_t CostPaths::owner(const std::vector<TransformedStacks::Node> &path) {
    size_t index = 0;
    while (path[index].inlined && index + 1 < path.size())
        ++index;
    return index;
}

} // namespace perfglass
