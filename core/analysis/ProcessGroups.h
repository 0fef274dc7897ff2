// The per-process level of a call tree (SampleFilter::grouping): a copy of a TransformedStacks tree under one
// root node per process ("name (PID n)"), optionally with one node per thread below it, so every view that
// aggregates StackCosts (flame graph, top-down, bottom-up, caller/callee, flat profile) groups the same way.
// The idle task (PID 0, "swapper" in perf) gets one root of its own in the idle module (kIdleModule), never
// split into threads; the other group nodes are in kProcessModule. A sample's node depends on its process, so
// the grouped tree's map() only tells whether a stack was dropped; node() gives a sample's node. Processes
// and threads are named by the command they had at the sample (ThreadCommands): a child that forks and execs
// has one node for its time as its parent's command, another for the program it runs. An untransformed
// grouping grows with a growing profile (grow): the nodes made so far keep their ids.
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
    // The grouped tree, with the nodes node() has made so far. node() makes new nodes in a copy once the
    // tree was handed out, so a tree handed out never changes.
    std::shared_ptr<const TransformedStacks> tree();
    // Continues with PROFILE, a later snapshot of the growing profile: the base tree extends by the stacks
    // added (TransformedStacks::extend), every node made so far keeps its id, and the processes and threads
    // that had no command are named as PROFILE names them. False, changing nothing, when the base tree was
    // transformed (it cannot extend).
    bool grow(const Profile &profile);
    ProcessGrouping grouping() const { return grouping_; }

    // "command (PID n)", "command (TID n)": COMMAND, else the last command the session gave the process or
    // thread.
    static std::string processName(const Profile &profile, uint32_t pid, StringId command = 0);
    static std::string threadName(const Profile &profile, uint32_t tid, StringId command = 0);

private:
    // A process's or thread's node: process (pid) or thread (1 << 32 | tid), and the command it names.
    struct GroupKey {
        uint64_t id = 0;
        StringId command = 0;
        auto operator<=>(const GroupKey &) const = default;
    };

    static void takeStacksOfBase(TransformedStacks &tree, const TransformedStacks &base);
    TransformedStacks &unsharedTree();
    StackId child(StackId parent, FunctionId function, bool inlined);
    StackId groupChild(StackId parent, const GroupKey &key, ModuleId module);
    StackId groupNode(const Owner &owner);
    StackId copyUnder(StackId group, StackId baseNode);
    std::string groupName(const GroupKey &key) const;
    void nameUnnamedGroups();

    const Profile *profile_;
    std::shared_ptr<const TransformedStacks> base_;
    std::shared_ptr<TransformedStacks> result_;
    bool handedOut_ = false; // result_ is shared with a tree() caller: copy before adding nodes
    ProcessGrouping grouping_;
    std::unordered_map<uint64_t, StackId> children_[2]; // (parent, function) -> node; out-of-line, inline
    std::unordered_map<uint64_t, StackId> copies_;      // (group node, base node) -> node
    // Group nodes by (parent, synthetic function index): synthetic function ids shift as the profile's
    // function table grows, their indices do not.
    std::unordered_map<uint64_t, StackId> groupChildren_;
    std::map<GroupKey, uint32_t> syntheticOf_; // group -> synthetic function index
    std::vector<GroupKey> groupOfSynthetic_;   // by synthetic function index
    std::vector<uint32_t> unnamedGroups_;      // synthetic function indices of groups without a command
    std::vector<StackId> groupNodes_;          // the nodes of synthetic functions
    std::map<Owner, StackId> groups_;          // the node of each owner's group
};

} // namespace perfglass
