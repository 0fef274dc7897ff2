#include "export/CollapsedStacksExporter.h"

#include "analysis/TransformedStacks.h"
#include "base/Error.h"

#include <fmt/format.h>

#include <cerrno>
#include <fstream>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace perfglass {

std::string CollapsedStacksExporter::frameText(const std::string &name) {
    std::string text = name.empty() ? std::string("[unknown]") : name;
    for (char &c : text) {
        if (c == ';') c = ':';
        if (c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

void CollapsedStacksExporter::write(const CallTree &tree, std::ostream &out) {
    if (tree.kind() != CallTree::Kind::TopDown)
        throw Error("collapsed stacks are written from a top-down call tree");
    if (tree.node(CallTree::kRoot).self > 0) out << "[no stack] " << tree.node(CallTree::kRoot).self << '\n';
    // Depth-first with an explicit stack; each node's path is its parent's path plus its frame.
    std::vector<std::pair<uint32_t, size_t>> pending; // node, length of the path before it
    std::string path;
    for (auto it = tree.node(CallTree::kRoot).children.rbegin();
         it != tree.node(CallTree::kRoot).children.rend(); ++it)
        pending.emplace_back(*it, 0);
    while (!pending.empty()) {
        const auto [index, prefixLength] = pending.back();
        pending.pop_back();
        const CallTreeNode &node = tree.node(index);
        path.resize(prefixLength);
        if (prefixLength > 0) path += ';';
        path += frameText(tree.functionName(node.function));
        if (node.inlined) path += kInlineSuffix;
        if (node.self > 0) out << path << ' ' << node.self << '\n';
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            pending.emplace_back(*child, path.size());
    }
}

namespace {

// The root frame of a sample's stack: the command its process ran then (its main thread's, else the sample
// thread's, as perf's comm), or its thread's command as "command-pid/tid".
class RootFrames {
public:
    RootFrames(const Profile &profile, bool perThread)
        : profile_(profile)
        , perThread_(perThread) {
        for (const ThreadInfo &thread : profile.threads)
            threads_[thread.tid] = &thread;
    }
    // The index of the root frame of (PID, TID) at TIME in name(); processes of the same name share one.
    uint32_t of(uint32_t pid, uint32_t tid, uint64_t time) {
        const StringId command = commandAt(perThread_ ? tid : pid, time, commandAt(tid, time, 0));
        const Key key{pid, perThread_ ? tid : 0, command};
        const auto found = indexOf_.find(key);
        if (found != indexOf_.end()) return found->second;
        const std::string commandName = command != 0 ? profile_.strings[command] : profile_.processName(pid);
        const std::string name = CollapsedStacksExporter::frameText(
            perThread_ ? fmt::format("{}-{}/{}", commandName, pid, tid) : commandName);
        const auto [byName, inserted] = indexOfName_.try_emplace(name, static_cast<uint32_t>(names_.size()));
        if (inserted) names_.push_back(name);
        return indexOf_[key] = byName->second;
    }
    const std::string &name(uint32_t index) const { return names_[index]; }

private:
    using Key = std::tuple<uint32_t, uint32_t, StringId>; // pid, tid (0 per process), command
    struct KeyHash {
        size_t operator()(const Key &key) const {
            return std::hash<uint64_t>()((uint64_t{std::get<0>(key)} << 32 | std::get<1>(key)) * 31 +
                                         std::get<2>(key));
        }
    };

    // The command thread TID had at TIME, or FALLBACK for a thread unknown or unnamed.
    StringId commandAt(uint32_t tid, uint64_t time, StringId fallback) const {
        const auto found = threads_.find(tid);
        const StringId command = found == threads_.end() ? 0 : found->second->commandAt(time);
        return command != 0 ? command : fallback;
    }

    const Profile &profile_;
    bool perThread_;
    std::unordered_map<uint32_t, const ThreadInfo *> threads_;
    std::unordered_map<Key, uint32_t, KeyHash> indexOf_;
    std::unordered_map<std::string, uint32_t> indexOfName_;
    std::vector<std::string> names_;
};

void writeWithRoots(const Profile &profile, const SampleFilter &filter, bool perThread, std::ostream &out) {
    const auto stacks = TransformedStacks::build(profile, filter.transforms);
    RootFrames roots(profile, perThread);
    std::map<std::pair<uint32_t, StackId>, uint64_t> costs; // (root frame, transformed stack)
    for (size_t i = 0; i < profile.samples.size(); ++i) {
        if (!filter.accepts(profile, i)) continue;
        const StackId stack = stacks->map(profile.samples.stack[i]);
        if (stack == kDroppedStack) continue;
        costs[{roots.of(profile.samples.pid[i], profile.samples.tid[i], profile.samples.time[i]), stack}] +=
            filter.weight(profile, i);
    }
    std::vector<std::string> frames;
    for (const auto &[key, cost] : costs) {
        frames.clear();
        for (StackId walk = key.second; walk != kNoStack; walk = stacks->node(walk).parent) {
            const TransformedStacks::Node &node = stacks->node(walk);
            frames.push_back(
                CollapsedStacksExporter::frameText(stacks->functionName(profile, node.function)) +
                (node.inlined ? CollapsedStacksExporter::kInlineSuffix : ""));
        }
        out << roots.name(key.first) << ';';
        if (frames.empty()) out << "[no stack]";
        for (auto frame = frames.rbegin(); frame != frames.rend(); ++frame)
            out << (frame == frames.rbegin() ? "" : ";") << *frame;
        out << ' ' << cost << '\n';
    }
}

} // namespace

void CollapsedStacksExporter::write(const std::shared_ptr<const Profile> &profile, const SampleFilter &filter,
                                    const CollapsedOptions &options, std::ostream &out) {
    if (options.perProcess || options.perThread)
        writeWithRoots(*profile, filter, options.perThread, out);
    else
        write(*CallTree::topDown(profile, filter), out);
}

void CollapsedStacksExporter::writeFile(const CallTree &tree, const std::string &path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write collapsed stacks to " + path, errno));
    write(tree, out);
    out.flush();
    if (!out) throw Error("cannot write collapsed stacks to " + path + ": write failed");
}

void CollapsedStacksExporter::writeFile(const std::shared_ptr<const Profile> &profile,
                                        const SampleFilter &filter, const CollapsedOptions &options,
                                        const std::string &path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write collapsed stacks to " + path, errno));
    write(profile, filter, options, out);
    out.flush();
    if (!out) throw Error("cannot write collapsed stacks to " + path + ": write failed");
}

} // namespace perfglass
