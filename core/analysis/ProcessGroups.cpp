#include "analysis/ProcessGroups.h"

#include <fmt/format.h>

#include <vector>

namespace perfglass {

namespace {

// The last name the session gave a thread (a process renames its main thread when it execs).
const ThreadInfo *lastThread(const Profile &profile, uint32_t tid) {
    const ThreadInfo *found = nullptr;
    for (const ThreadInfo &thread : profile.threads)
        if (thread.tid == tid) found = &thread;
    return found;
}

constexpr uint64_t kThreadKey = uint64_t{1} << 32;

} // namespace

ProcessGroups::ProcessGroups(const Profile &profile, std::shared_ptr<const TransformedStacks> base,
                             ProcessGrouping grouping)
    : profile_(&profile)
    , base_(std::move(base))
    , result_(std::make_shared<TransformedStacks>())
    , grouping_(grouping) {
    result_->synthetic_ = base_->synthetic_;
    takeStacksOfBase(*result_, *base_);
}

// What the grouped tree takes from its base: where each Profile stack goes (only whether it was dropped
// matters: node() gives a sample's node) and where the synthetic functions start.
void ProcessGroups::takeStacksOfBase(TransformedStacks &tree, const TransformedStacks &base) {
    tree.firstSynthetic_ = base.firstSynthetic_;
    tree.map_ = base.map_;
    tree.emptyMapsTo_ = base.emptyMapsTo_;
    tree.transformed_ = true; // process nodes above the stacks: not a tree extend() may continue
}

std::shared_ptr<const TransformedStacks> ProcessGroups::tree() {
    handedOut_ = true;
    return result_;
}

TransformedStacks &ProcessGroups::unsharedTree() {
    if (handedOut_) {
        result_ = std::make_shared<TransformedStacks>(*result_);
        handedOut_ = false;
    }
    return *result_;
}

bool ProcessGroups::grow(const Profile &profile) {
    std::shared_ptr<const TransformedStacks> base = TransformedStacks::extend(*base_, profile);
    if (!base) return false;
    auto grown = std::make_shared<TransformedStacks>();
    grown->nodes_ = result_->nodes_;
    grown->synthetic_ = result_->synthetic_;
    takeStacksOfBase(*grown, *base);
    const FunctionId shift = base->firstSynthetic_ - result_->firstSynthetic_;
    for (const StackId node : groupNodes_)
        grown->nodes_[node].function += shift;
    profile_ = &profile;
    base_ = std::move(base);
    result_ = std::move(grown);
    handedOut_ = false;
    nameUnnamedGroups();
    return true;
}

// Groups named by no command take the last one the session gives their process or thread, which a later
// snapshot may know.
void ProcessGroups::nameUnnamedGroups() {
    for (const uint32_t index : unnamedGroups_)
        result_->synthetic_[index].name = groupName(groupOfSynthetic_[index]);
}

std::string ProcessGroups::processName(const Profile &profile, uint32_t pid, StringId command) {
    if (pid == 0) return kIdleName;
    const ThreadInfo *main = lastThread(profile, pid);
    if (!main)
        for (const ThreadInfo &thread : profile.threads)
            if (thread.pid == pid) main = &thread;
    const StringId named = command != 0 ? command : main ? main->name : 0;
    const std::string &name = profile.strings[named];
    return fmt::format("{} (PID {})", name.empty() ? "[unknown]" : name, pid);
}

std::string ProcessGroups::threadName(const Profile &profile, uint32_t tid, StringId command) {
    const ThreadInfo *thread = lastThread(profile, tid);
    const StringId named = command != 0 ? command : thread ? thread->name : 0;
    const std::string &name = profile.strings[named];
    return fmt::format("{} (TID {})", name.empty() ? "[unknown]" : name, tid);
}

StackId ProcessGroups::child(StackId parent, FunctionId function, bool inlined) {
    const uint64_t key = (uint64_t{parent} << 32) | function;
    auto [it, inserted] =
        children_[inlined ? 1 : 0].try_emplace(key, static_cast<StackId>(result_->nodes_.size()));
    if (inserted) unsharedTree().nodes_.push_back({function, parent, inlined});
    return it->second;
}

std::string ProcessGroups::groupName(const GroupKey &key) const {
    if (key.id & kThreadKey)
        return threadName(*profile_, static_cast<uint32_t>(key.id & ~kThreadKey), key.command);
    return processName(*profile_, static_cast<uint32_t>(key.id), key.command);
}

StackId ProcessGroups::groupChild(StackId parent, const GroupKey &key, ModuleId module) {
    auto [named, isNew] = syntheticOf_.try_emplace(key, static_cast<uint32_t>(result_->synthetic_.size()));
    if (isNew) {
        unsharedTree().synthetic_.push_back({groupName(key), module});
        groupOfSynthetic_.resize(result_->synthetic_.size());
        groupOfSynthetic_.back() = key;
        if (key.command == 0 && key.id != 0) unnamedGroups_.push_back(named->second);
    }
    const uint32_t index = named->second;
    const uint64_t childKey = (uint64_t{parent} << 32) | index;
    auto [it, inserted] = groupChildren_.try_emplace(childKey, static_cast<StackId>(result_->nodes_.size()));
    if (inserted) {
        const auto function = static_cast<FunctionId>(result_->firstSynthetic_ + index);
        unsharedTree().nodes_.push_back({function, parent, false});
        groupNodes_.push_back(it->second);
    }
    return it->second;
}

StackId ProcessGroups::groupNode(const Owner &owner) {
    if (const auto found = groups_.find(owner); found != groups_.end()) return found->second;
    const uint32_t pid = owner.pid;
    const ModuleId module = pid == 0 ? kIdleModule : kProcessModule;
    StackId node = groupChild(kNoStack, {pid, owner.process}, module);
    if (grouping_ == ProcessGrouping::ProcessThread && pid != 0)
        node = groupChild(node, {kThreadKey | owner.tid, owner.thread}, kProcessModule);
    groups_.emplace(owner, node);
    return node;
}

StackId ProcessGroups::copyUnder(StackId group, StackId baseNode) {
    // The base nodes from baseNode outwards that have no copy under group yet, innermost first.
    std::vector<StackId> missing;
    StackId parent = group;
    for (StackId walk = baseNode; walk != kNoStack; walk = base_->node(walk).parent) {
        const auto found = copies_.find((uint64_t{group} << 32) | walk);
        if (found != copies_.end()) {
            parent = found->second;
            break;
        }
        missing.push_back(walk);
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        const TransformedStacks::Node &node = base_->node(*it);
        parent = child(parent, node.function, node.inlined);
        copies_.emplace((uint64_t{group} << 32) | *it, parent);
    }
    return parent;
}

StackId ProcessGroups::node(const Owner &owner, StackId profileStack) {
    const StackId baseNode = base_->map(profileStack);
    if (baseNode == kDroppedStack) return kDroppedStack;
    const StackId group = groupNode(owner);
    return baseNode == kNoStack ? group : copyUnder(group, baseNode);
}

} // namespace perfglass
