#include "analysis/FunctionNodes.h"

namespace perfglass {

std::shared_ptr<const FunctionNodes> FunctionNodes::of(std::shared_ptr<const TransformedStacks> stacks,
                                                       FunctionId function, const FunctionNodes *earlier) {
    auto result = std::make_shared<FunctionNodes>();
    result->function_ = function;
    result->stacks_ = std::move(stacks);
    const bool keepsEarlier = earlier && earlier->function_ == function &&
                              !earlier->stacks_->isTransformed() && !result->stacks_->isTransformed() &&
                              earlier->runs_.size() <= result->stacks_->size();
    if (keepsEarlier) {
        result->runs_ = earlier->runs_;
        result->kept_ = earlier->runs_.size();
    }
    result->lookAt(static_cast<StackId>(result->kept_));
    return result;
}

// A node's parent comes before it, so one pass in id order knows each parent's answer when it needs it.
void FunctionNodes::lookAt(StackId from) {
    const TransformedStacks &stacks = *stacks_;
    runs_.resize(stacks.size(), 0);
    for (StackId id = from; id < stacks.size(); ++id) {
        const TransformedStacks::Node &node = stacks.node(id);
        runs_[id] = node.function == function_ || (node.parent != kNoStack && runs_[node.parent] != 0);
    }
}

} // namespace perfglass
