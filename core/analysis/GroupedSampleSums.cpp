#include "analysis/GroupedSampleSums.h"

#include "analysis/StackSampleSums.h"
#include "profile/ThreadCommands.h"

#include <vector>

namespace perfglass {

namespace {

// Who sample I ran as: its process and the command it ran then, with BYTHREAD its thread and the thread's
// command too. The thread is kept without BYTHREAD while the session does not name the main thread, since the
// sample's thread then names the process (and may no longer once the main thread is named).
ProcessGroups::Owner ownerOf(const Profile &profile, const ThreadCommands &commands, size_t i,
                             bool byThread) {
    const uint32_t pid = profile.samples.pid[i];
    const uint32_t tid = profile.samples.tid[i];
    const uint64_t time = profile.samples.time[i];
    const ThreadCommands::ProcessCommand process = commands.processCommandAt(pid, tid, time);
    if (byThread) return {pid, tid, process.command, commands.threadAt(tid, time)};
    return {pid, process.ofMainThread ? pid : tid, process.command, 0};
}

bool byThread(const SampleFilter &filter) {
    return filter.grouping == ProcessGrouping::ProcessThread;
}

bool namesMainThread(const ThreadCommands &commands, uint32_t pid) {
    return commands.processCommandAt(pid, pid, 0).ofMainThread;
}

// A 64-bit finalizer (splitmix64's): every input bit reaches every output bit.
uint64_t mixBits(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

} // namespace

size_t GroupedSampleSums::KeyHash::operator()(const Key &key) const {
    const ProcessGroups::Owner &owner = key.first;
    const uint64_t ids = uint64_t{owner.pid} << 32 | owner.tid;
    const uint64_t names = uint64_t{owner.process} << 32 | owner.thread;
    return mixBits(mixBits(mixBits(ids) ^ names) ^ key.second);
}

// Samples [begin, end) of profile added: each worker sums its range into a map of its own, merged after.
void GroupedSampleSums::addInParallel(const Profile &profile, const ThreadCommands &commands,
                                      const SampleFilter &filter, size_t begin, size_t end,
                                      const AggregationControl &control) {
    const bool threads = byThread(filter);
    const size_t count = end - begin;
    std::vector<std::unordered_map<Key, Sum, KeyHash>> perWorker(
        AggregationRunner::workerCount(count, control));
    AggregationRunner::forEachBlock(count, control, [&](unsigned worker, size_t from, size_t to) {
        auto &workerSums = perWorker[worker];
        for (size_t i = begin + from; i < begin + to; ++i) {
            if (!filter.accepts(profile, i)) continue;
            Sum &sum = workerSums[{ownerOf(profile, commands, i, threads), profile.samples.stack[i]}];
            sum.cost += filter.weight(profile, i);
            ++sum.count;
        }
    });
    for (const auto &workerSums : perWorker) {
        for (const auto &[key, workerSum] : workerSums) {
            Sum &sum = sums[key];
            sum.cost += workerSum.cost;
            sum.count += workerSum.count;
            const uint32_t pid = key.first.pid;
            if (pid != 0 && !namesMainThread(commands, pid)) withoutMainThread.insert(pid);
        }
    }
}

// The names a sum of every sample would give owners summed while the session did not name their process or
// thread yet: the command each had first. Records come in time order, so such samples came before the
// session named the thread, before its first command ended (a COMM record without a time, which replaces a
// thread's last command, is the exception that a sum of every sample names otherwise).
void GroupedSampleSums::nameOwnersNamedSince(const ThreadCommands &commands, bool threads) {
    std::vector<std::pair<Key, Sum>> renamed;
    for (auto it = sums.begin(); it != sums.end();) {
        ProcessGroups::Owner owner = it->first.first;
        if (owner.process == 0 ||
            (withoutMainThread.contains(owner.pid) && namesMainThread(commands, owner.pid))) {
            const ThreadCommands::ProcessCommand process = commands.processCommandAt(owner.pid, owner.tid, 0);
            owner.process = process.command;
            if (!threads && process.ofMainThread) owner.tid = owner.pid;
        }
        if (threads && owner.thread == 0) owner.thread = commands.threadAt(owner.tid, 0);
        if (owner == it->first.first) {
            ++it;
            continue;
        }
        renamed.emplace_back(Key{owner, it->first.second}, it->second);
        it = sums.erase(it);
    }
    for (const auto &[key, moved] : renamed) {
        Sum &sum = sums[key];
        sum.cost += moved.cost;
        sum.count += moved.count;
    }
    std::erase_if(withoutMainThread, [&](uint32_t pid) { return namesMainThread(commands, pid); });
}

std::shared_ptr<const GroupedSampleSums> GroupedSampleSums::compute(const Profile &profile,
                                                                    const SampleFilter &filter,
                                                                    const AggregationControl &control) {
    auto result = std::make_shared<GroupedSampleSums>();
    result->addInParallel(profile, ThreadCommands(profile), filter, 0, profile.samples.size(), control);
    result->samplesSummed = profile.samples.size();
    return result;
}

std::shared_ptr<const GroupedSampleSums> GroupedSampleSums::extend(const GroupedSampleSums &previous,
                                                                   const Profile &profile,
                                                                   const SampleFilter &filter,
                                                                   const AggregationControl &control) {
    auto result = std::make_shared<GroupedSampleSums>(previous);
    const ThreadCommands commands(profile);
    result->nameOwnersNamedSince(commands, byThread(filter));
    result->extendedFrom = previous.samplesSummed;
    result->addInParallel(profile, commands, filter, previous.samplesSummed, profile.samples.size(), control);
    result->samplesSummed = profile.samples.size();
    return result;
}

bool GroupedSampleSums::canExtend(const SampleFilter &before, const SampleFilter &after) {
    return after.grouping != ProcessGrouping::None && before.grouping == after.grouping &&
           StackSampleSums::sameSamplesAndWeights(before, after);
}

} // namespace perfglass
