// A transform rewrites the call stacks of a Profile before aggregation (design.md, "Aggregations"): merge or
// drop a function, focus on a call path or a function, collapse a library or recursion, hide kernel frames.
// A SampleFilter carries a chain of them, applied in order.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace perfglass {

// For the recursion transforms: apply to every function rather than one.
inline constexpr FunctionId kAnyFunction = std::numeric_limits<FunctionId>::max();

enum class TransformKind : uint8_t {
    MergeFunction,     // remove `function` from every stack; its self cost goes to its caller
    DropFunction,      // drop the samples whose stack contains `function`
    FocusSubtree,      // keep the stacks that start with `path` (outermost first), rooted at its last entry
    FocusFunction,     // keep the stacks that contain `function`, rooted at its outermost call
    CollapseModule,    // consecutive frames of `module` become one frame named after the module
    CollapseRecursion, // a call of `function` below an outer call of it folds into the outer call,
                       // with the frames in between (A F B F C becomes A F C); indirect recursion too
    CollapseDirectRecursion, // only direct self-calls fold: A F F F C becomes A F C
    HideKernel,              // remove kernel frames; their cost goes to the user-space caller
};

struct Transform {
    TransformKind kind = TransformKind::HideKernel;
    FunctionId function = kAnyFunction;
    std::vector<FunctionId> path; // FocusSubtree only, outermost caller first
    ModuleId module = 0;          // CollapseModule only

    bool operator==(const Transform &) const = default;

    static Transform mergeFunction(FunctionId f) { return {TransformKind::MergeFunction, f, {}, 0}; }
    static Transform dropFunction(FunctionId f) { return {TransformKind::DropFunction, f, {}, 0}; }
    static Transform focusSubtree(std::vector<FunctionId> callPath) {
        return {TransformKind::FocusSubtree, kAnyFunction, std::move(callPath), 0};
    }
    static Transform focusFunction(FunctionId f) { return {TransformKind::FocusFunction, f, {}, 0}; }
    static Transform collapseModule(ModuleId m) {
        return {TransformKind::CollapseModule, kAnyFunction, {}, m};
    }
    static Transform collapseRecursion(FunctionId f = kAnyFunction) {
        return {TransformKind::CollapseRecursion, f, {}, 0};
    }
    static Transform collapseDirectRecursion(FunctionId f = kAnyFunction) {
        return {TransformKind::CollapseDirectRecursion, f, {}, 0};
    }
    static Transform hideKernel() { return {TransformKind::HideKernel, kAnyFunction, {}, 0}; }
};

} // namespace perfglass
