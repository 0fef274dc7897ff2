// The per-process level of a call tree (SampleFilter::grouping): a copy of a TransformedStacks tree under one
// root node per process ("name (PID n)"), optionally with one node per thread below it, so every view that
// aggregates StackCosts (flame graph, top-down, bottom-up, caller/callee, flat profile) groups the same way.
// The idle task (PID 0, "swapper" in perf) gets one root of its own in the idle module (kIdleModule), never
// split into threads; the other group nodes are in kProcessModule. A sample's node depends on its process, so
// the grouped tree's map() only tells whether a stack was dropped; node() gives a sample's node.
#pragma once

#include "analysis/SampleFilter.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"

#include <memory>
#include <string>
#include <unordered_map>

namespace perfglass {

class ProcessGroups {
public:
    // The name of the idle task's root node.
    static constexpr const char *kIdleName = "idle: swapper (PID 0)";

    ProcessGroups(const Profile &profile, std::shared_ptr<const TransformedStacks> base,
                  ProcessGrouping grouping);

    // The grouped node that a sample of process PID, thread TID and Profile stack STACK counts at:
    // kDroppedStack when a transform dropped the stack, the process (or thread) node for an empty stack.
    StackId node(uint32_t pid, uint32_t tid, StackId profileStack);
    // The grouped tree, with the nodes node() has made so far.
    std::shared_ptr<const TransformedStacks> tree() const { return result_; }

    static std::string processName(const Profile &profile, uint32_t pid);
    static std::string threadName(const Profile &profile, uint32_t tid);

private:
    StackId child(StackId parent, FunctionId function, bool inlined);
    FunctionId synthetic(uint64_t key, std::string name, ModuleId module);
    StackId groupNode(uint32_t pid, uint32_t tid);
    StackId copyUnder(StackId group, StackId baseNode);

    const Profile &profile_;
    std::shared_ptr<const TransformedStacks> base_;
    std::shared_ptr<TransformedStacks> result_;
    ProcessGrouping grouping_;
    std::unordered_map<uint64_t, StackId> children_[2]; // (parent, function) -> node; out-of-line, inline
    std::unordered_map<uint64_t, StackId> copies_;      // (group node, base node) -> node
    std::unordered_map<uint64_t, FunctionId>
        functions_;                                // process (pid) or thread (1 << 32 | tid) -> function
    std::unordered_map<uint64_t, StackId> groups_; // (pid, tid) -> the node of its group
};

} // namespace perfglass
