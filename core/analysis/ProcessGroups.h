// The per-process level of a call tree (SampleFilter::grouping): a copy of a TransformedStacks tree under one
// root node per process ("name (PID n)"), optionally with one node per thread below it, so every view that
// aggregates StackCosts (flame graph, top-down, bottom-up, caller/callee, flat profile) groups the same way.
// The idle task (PID 0, "swapper" in perf) gets one root of its own in the idle module (kIdleModule), never
// split into threads; the other group nodes are in kProcessModule. A sample's node depends on its process, so
// the grouped tree's map() only tells whether a stack was dropped; node() gives a sample's node. Processes
// and threads are named by the command they had at the sample (ThreadCommands): a child that forks and execs
// has one node for its time as its parent's command, another for the program it runs.
#pragma once

#include "analysis/SampleFilter.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfglass {

class ProcessGroups {
public:
    // The name of the idle task's root node.
    static constexpr const char *kIdleName = "idle: swapper (PID 0)";

    ProcessGroups(const Profile &profile, std::shared_ptr<const TransformedStacks> base,
                  ProcessGrouping grouping);

    // Who a sample ran as: its process and thread, and the commands they had then (0: unnamed).
    struct Owner {
        uint32_t pid = 0;
        uint32_t tid = 0;
        StringId process = 0;
        StringId thread = 0;
        auto operator<=>(const Owner &) const = default;
    };

    // The grouped node that a sample of OWNER and Profile stack STACK counts at: kDroppedStack when a
    // transform dropped the stack, the process (or thread) node for an empty stack.
    StackId node(const Owner &owner, StackId profileStack);
    // The grouped tree, with the nodes node() has made so far.
    std::shared_ptr<const TransformedStacks> tree() const { return result_; }

    // "command (PID n)", "command (TID n)": COMMAND, else the last command the session gave the process or
    // thread.
    static std::string processName(const Profile &profile, uint32_t pid, StringId command = 0);
    static std::string threadName(const Profile &profile, uint32_t tid, StringId command = 0);

private:
    StackId child(StackId parent, FunctionId function, bool inlined);
    FunctionId synthetic(uint64_t key, StringId command, std::string name, ModuleId module);
    StackId groupNode(const Owner &owner);
    StackId copyUnder(StackId group, StackId baseNode);

    const Profile &profile_;
    std::shared_ptr<const TransformedStacks> base_;
    std::shared_ptr<TransformedStacks> result_;
    ProcessGrouping grouping_;
    std::unordered_map<uint64_t, StackId> children_[2]; // (parent, function) -> node; out-of-line, inline
    std::unordered_map<uint64_t, StackId> copies_;      // (group node, base node) -> node
    // (process (pid) or thread (1 << 32 | tid), command) -> function
    std::map<std::pair<uint64_t, StringId>, FunctionId> functions_;
    std::map<Owner, StackId> groups_; // the node of each owner's group
};

} // namespace perfglass
