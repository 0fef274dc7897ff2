#include "CallPath.h"

#include <algorithm>

namespace perfglass {

std::string CallPath::stepOf(const CallTree &tree, uint32_t node) {
    const FunctionId function = tree.node(node).function;
    std::string step = tree.profile().modulePath(tree.functionModule(function));
    step += '\t';
    step += tree.functionName(function);
    if (tree.node(node).inlined) step += "\tinlined";
    return step;
}

CallPath CallPath::of(const CallTree &tree, uint32_t node) {
    CallPath path;
    for (; node != CallTree::kRoot && node < tree.nodes().size(); node = tree.node(node).parent)
        path.steps_.push_back(stepOf(tree, node));
    std::reverse(path.steps_.begin(), path.steps_.end());
    return path;
}

uint32_t CallPath::nodeIn(const CallTree &tree) const {
    uint32_t node = CallTree::kRoot;
    if (tree.nodes().empty()) return node;
    for (const std::string &step : steps_) {
        const auto &children = tree.node(node).children;
        const auto next = std::find_if(children.begin(), children.end(),
                                       [&](uint32_t child) { return stepOf(tree, child) == step; });
        if (next == children.end()) break;
        node = *next;
    }
    return node;
}

} // namespace perfglass
