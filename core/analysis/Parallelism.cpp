#include "analysis/Parallelism.h"

#include <algorithm>
#include <unordered_set>

namespace perfglass {

namespace {

// The switches in time order (the record order, made stable where CPUs' buffers interleave).
std::vector<ContextSwitch> sortedSwitches(const Profile &profile) {
    std::vector<ContextSwitch> switches = profile.switches.toVector();
    std::stable_sort(switches.begin(), switches.end(),
                     [](const ContextSwitch &a, const ContextSwitch &b) { return a.time < b.time; });
    return switches;
}

// The threads whose first switch takes them off a CPU: they ran from the start.
std::unordered_map<uint32_t, std::unordered_set<uint32_t>>
runningAtStart(const std::vector<ContextSwitch> &switches) {
    std::unordered_map<uint32_t, std::unordered_set<uint32_t>> running; // by pid
    std::unordered_set<uint32_t> seen;
    for (const ContextSwitch &change : switches) {
        if (!seen.insert(change.tid).second) continue;
        if (change.out) running[change.pid].insert(change.tid);
    }
    return running;
}

} // namespace

Parallelism Parallelism::compute(const Profile &profile) {
    Parallelism result;
    result.known_ = !profile.switches.empty();
    result.cpus_ = std::max(profile.machine.cpusAvailable, profile.machine.cpusOnline);
    const std::vector<ContextSwitch> switches = sortedSwitches(profile);
    auto running = runningAtStart(switches);
    for (const auto &[pid, threads] : running)
        result.steps_[pid].push_back({0, static_cast<uint32_t>(threads.size())});
    for (const ContextSwitch &change : switches) {
        if (change.pid == 0) continue; // the idle task of system-wide sessions
        std::unordered_set<uint32_t> &threads = running[change.pid];
        const bool changed = change.out ? threads.erase(change.tid) > 0 : threads.insert(change.tid).second;
        if (!changed) continue;
        std::vector<ParallelismStep> &steps = result.steps_[change.pid];
        const auto count = static_cast<uint32_t>(threads.size());
        if (!steps.empty() && steps.back().time == change.time)
            steps.back().running = count;
        else
            steps.push_back({change.time, count});
    }
    return result;
}

const std::vector<ParallelismStep> &Parallelism::steps(uint32_t pid) const {
    static const std::vector<ParallelismStep> kNone;
    const auto found = steps_.find(pid);
    return found == steps_.end() ? kNone : found->second;
}

uint32_t Parallelism::at(uint32_t pid, uint64_t time) const {
    const std::vector<ParallelismStep> &known = steps(pid);
    const auto after =
        std::upper_bound(known.begin(), known.end(), time,
                         [](uint64_t t, const ParallelismStep &step) { return t < step.time; });
    uint32_t running = after == known.begin() ? 1 : std::prev(after)->running;
    if (cpus_ > 0) running = std::min(running, cpus_);
    return std::max<uint32_t>(running, 1);
}

std::vector<uint32_t> Parallelism::perSample(const Profile &profile) const {
    std::vector<uint32_t> result(profile.samples.size());
    for (size_t i = 0; i < result.size(); ++i)
        result[i] = at(profile.samples.pid[i], profile.samples.time[i]);
    return result;
}

std::shared_ptr<const std::vector<uint64_t>> Parallelism::latencyWeights(const Profile &profile) const {
    auto weights = std::make_shared<std::vector<uint64_t>>(profile.samples.size());
    for (size_t i = 0; i < weights->size(); ++i) {
        const uint64_t parallelism = at(profile.samples.pid[i], profile.samples.time[i]);
        (*weights)[i] = (profile.samples.period[i] + parallelism / 2) / parallelism;
    }
    return weights;
}

} // namespace perfglass
