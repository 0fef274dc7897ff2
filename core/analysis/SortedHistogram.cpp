#include "analysis/SortedHistogram.h"

#include "symbols/ReadableName.h"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>

namespace perfglass {

namespace {

// The values of an entry's keys, in the order of HistogramEntry's fields.
using KeyTuple = std::array<uint32_t, 7>;

struct SampleContext {
    StringId comm;
    uint32_t pid;
    uint32_t tid;
    uint32_t cpu;
    uint32_t parallelism;
};

// A stack's cost in one context, and its latency.
struct Costs {
    uint64_t cost = 0;
    uint64_t latency = 0;
};

bool listed(const std::vector<std::string> &names, const std::string &name) {
    return names.empty() || std::find(names.begin(), names.end(), name) != names.end();
}

class HistogramBuilder {
public:
    HistogramBuilder(const Profile &profile, const HistogramOptions &options)
        : profile_(profile)
        , options_(options) {
        for (SortKey key : options.keys)
            used_[static_cast<size_t>(key)] = true;
        for (const auto &thread : profile.threads)
            threads_[thread.tid] = &thread;
        for (FunctionId f = 0; f < profile.functions.size(); ++f)
            if (profile.functionName(f) == kBrokenStackName) brokenStack_ = f;
    }

    // Adds cost for one stack seen in the context: self for its leaf, children for every group on it.
    void add(const SampleContext &context, StackId stack, Costs costs) {
        std::vector<KeyTuple> seen;
        bool leaf = true;
        for (StackId walk = stack; walk != kNoStack; walk = profile_.stacks[walk].parent) {
            const Frame &frame = profile_.frames[profile_.stacks[walk].frame];
            if (frame.inlined || frame.function == brokenStack_) continue;
            const KeyTuple key = tuple(context, frame);
            if (leaf && accepts(context, frame)) addSelf(entry(key), costs);
            if (leaf && !options_.children) return;
            leaf = false;
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue; // recursion: once
            seen.push_back(key);
            if (accepts(context, frame)) addChildren(entry(key), costs);
        }
        if (leaf) { // no frame at all: one entry without a module or function
            const Frame none{};
            if (accepts(context, none)) addSelf(entry(tuple(context, none)), costs);
        }
    }

    std::vector<HistogramEntry> entries() const {
        std::vector<HistogramEntry> result;
        for (const auto &[key, value] : entries_) {
            HistogramEntry entry = value;
            if (!options_.children) entry.children = entry.self;
            if (!options_.children) entry.latencyChildren = entry.latencySelf;
            result.push_back(entry);
        }
        const bool children = options_.children;
        std::sort(result.begin(), result.end(), [children](const HistogramEntry &a, const HistogramEntry &b) {
            if (children && a.children != b.children) return a.children > b.children;
            return a.self != b.self ? a.self > b.self : a.children > b.children;
        });
        return result;
    }

    // The command thread TID had at TIME (perf's comm of a sample).
    StringId command(uint32_t tid, uint64_t time) const {
        const auto found = threads_.find(tid);
        return found == threads_.end() ? 0 : found->second->commandAt(time);
    }

private:
    static void addSelf(HistogramEntry &entry, Costs costs) {
        entry.self += costs.cost;
        entry.latencySelf += costs.latency;
    }
    static void addChildren(HistogramEntry &entry, Costs costs) {
        entry.children += costs.cost;
        entry.latencyChildren += costs.latency;
    }
    bool uses(SortKey key) const { return used_[static_cast<size_t>(key)]; }

    KeyTuple tuple(const SampleContext &context, const Frame &frame) const {
        // pid and tid rows are threads named after their comm, as perf's pid:comm (perf's "pid" is a thread).
        const bool named = uses(SortKey::Comm) || uses(SortKey::Pid) || uses(SortKey::Tid);
        return {named ? context.comm : 0,
                uses(SortKey::Pid) ? context.pid : 0,
                uses(SortKey::Pid) || uses(SortKey::Tid) ? context.tid : 0,
                uses(SortKey::Cpu) ? context.cpu : 0,
                uses(SortKey::Dso) || uses(SortKey::Sym) ? frame.module : 0,
                uses(SortKey::Sym) ? frame.function : 0,
                uses(SortKey::Parallelism) ? context.parallelism : 0};
    }

    bool accepts(const SampleContext &context, const Frame &frame) const {
        if (!listed(options_.comms, profile_.strings[context.comm])) return false;
        if (!options_.dsos.empty() && !listed(options_.dsos, profile_.modulePath(frame.module)) &&
            !listed(options_.dsos, profile_.moduleName(frame.module)))
            return false;
        if (options_.symbols.empty()) return true;
        const std::string &name = profile_.functionName(frame.function);
        return listed(options_.symbols, name) || listed(options_.symbols, perfName(name));
    }

    HistogramEntry &entry(const KeyTuple &key) {
        auto [position, added] = entries_.try_emplace(key);
        if (added)
            position->second = HistogramEntry{key[0], key[1], key[2], key[3], key[4], key[5], 0, 0, key[6]};
        return position->second;
    }

    const Profile &profile_;
    const HistogramOptions &options_;
    std::array<bool, 7> used_{};
    std::unordered_map<uint32_t, const ThreadInfo *> threads_;
    FunctionId brokenStack_ = UINT32_MAX;
    std::map<KeyTuple, HistogramEntry> entries_;
};

} // namespace

std::optional<SortKey> sortKeyFromName(std::string_view name) {
    if (name == "comm") return SortKey::Comm;
    if (name == "pid") return SortKey::Pid;
    if (name == "tid") return SortKey::Tid;
    if (name == "dso") return SortKey::Dso;
    if (name == "sym" || name == "symbol") return SortKey::Sym;
    if (name == "cpu") return SortKey::Cpu;
    if (name == "parallelism") return SortKey::Parallelism;
    return std::nullopt;
}

std::vector<std::string> sortKeyNames() {
    return {"comm", "pid", "tid", "dso", "sym", "cpu", "parallelism"};
}

SortedHistogram SortedHistogram::compute(const Profile &profile, const SampleFilter &filter,
                                         const HistogramOptions &options) {
    SortedHistogram histogram;
    histogram.keys = options.keys;
    histogram.children = options.children;
    histogram.latency = options.latency != nullptr;
    HistogramBuilder builder(profile, options);
    // Same stack in the same context (pid, tid, cpu, the thread's command then, parallelism): walked once.
    std::map<std::pair<std::array<uint32_t, 5>, StackId>, Costs> costs;
    const auto &samples = profile.samples;
    for (size_t i = 0; i < samples.size(); ++i) {
        if (!filter.accepts(profile, i)) continue;
        const uint64_t weight = filter.weight(profile, i);
        const uint64_t latency = options.latency ? (*options.latency)[i] : 0;
        histogram.total += weight;
        histogram.latencyTotal += latency;
        ++histogram.sampleCount;
        const StringId command = builder.command(samples.tid[i], samples.time[i]);
        const uint32_t parallelism = options.parallelism ? (*options.parallelism)[i] : 0;
        Costs &sum =
            costs[{{samples.pid[i], samples.tid[i], samples.cpu[i], command, parallelism}, samples.stack[i]}];
        sum.cost += weight;
        sum.latency += latency;
    }
    for (const auto &[key, sum] : costs) {
        const auto &[context, stack] = key;
        builder.add(SampleContext{context[3], context[0], context[1], context[2], context[4]}, stack, sum);
    }
    histogram.entries = builder.entries();
    return histogram;
}

} // namespace perfglass
