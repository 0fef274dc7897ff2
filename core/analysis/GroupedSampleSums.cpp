#include "analysis/GroupedSampleSums.h"

#include "analysis/StackSampleSums.h"
#include "profile/ThreadCommands.h"

#include <algorithm>
#include <atomic>

namespace perfglass {

namespace {

// Who sample I ran as: its process and the command it ran then, with BYTHREAD its thread and the thread's
// command too. The thread is kept without BYTHREAD while the session does not name the main thread, since the
// sample's thread then names the process (and may no longer once the main thread is named). The idle task
// is one owner, whichever CPU's swapper ran.
ProcessGroups::Owner ownerOf(const Profile &profile, const ThreadCommands &commands, size_t i,
                             bool byThread) {
    const uint32_t pid = profile.samples.pid[i];
    if (pid == 0) return {};
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

// Whether the session may name OWNER otherwise later: its process, its main thread or (BYTHREAD) its thread
// is not named yet.
bool mayBeNamedLater(const ProcessGroups::Owner &owner, const ThreadCommands &commands, bool byThread) {
    if (owner.pid == 0) return false;
    return owner.process == 0 || !namesMainThread(commands, owner.pid) || (byThread && owner.thread == 0);
}

// A 64-bit finalizer (splitmix64's): every input bit reaches every output bit.
uint64_t mixBits(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

uint64_t nextSumsId() {
    static std::atomic<uint64_t> last{0};
    return ++last;
}

} // namespace

size_t GroupedSampleSums::KeyHash::operator()(const Key &key) const {
    const ProcessGroups::Owner &owner = key.first;
    const uint64_t ids = uint64_t{owner.pid} << 32 | owner.tid;
    const uint64_t names = uint64_t{owner.process} << 32 | owner.thread;
    return mixBits(mixBits(mixBits(ids) ^ names) ^ key.second);
}

// Adds SUM to KEY's entry (made if new), noting the change and, when the entry had no samples yet and its
// owner may be named later, that it may.
void GroupedSampleSums::addTo(const Key &key, const Sum &sum, const ThreadCommands &commands, bool threads) {
    const auto [found, added] = index_->try_emplace(key, static_cast<uint32_t>(entries_.size()));
    if (added) entries_.push_back({key, {}});
    const uint32_t entry = found->second;
    Sum &into = entries_[entry].sum;
    changes_.push_back({entry, into});
    if (into.count == 0 && mayBeNamedLater(key.first, commands, threads)) unnamed_.push_back(entry);
    into.cost += sum.cost;
    into.count += sum.count;
    const uint32_t pid = key.first.pid;
    if (pid != 0 && !namesMainThread(commands, pid)) withoutMainThread_.insert(pid);
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
    for (const auto &workerSums : perWorker)
        for (const auto &[key, workerSum] : workerSums)
            addTo(key, workerSum, commands, threads);
}

// The names a sum of every sample would give owners summed while the session did not name their process or
// thread yet: the command each had first. Records come in time order, so such samples came before the
// session named the thread, before its first command ended (a COMM record without a time, which replaces a
// thread's last command, is the exception that a sum of every sample names otherwise). Only the entries that
// awaited a name are looked at: this costs what may be renamed, not what was summed.
void GroupedSampleSums::nameOwnersNamedSince(const ThreadCommands &commands, bool threads) {
    const std::vector<uint32_t> awaiting = std::exchange(unnamed_, {});
    for (const uint32_t entry : awaiting) {
        const Key key = entries_[entry].key;
        if (entries_[entry].sum.count == 0) continue; // renamed already (listed twice)
        ProcessGroups::Owner owner = key.first;
        if (owner.process == 0 ||
            (withoutMainThread_.contains(owner.pid) && namesMainThread(commands, owner.pid))) {
            const ThreadCommands::ProcessCommand process = commands.processCommandAt(owner.pid, owner.tid, 0);
            owner.process = process.command;
            if (!threads && process.ofMainThread) owner.tid = owner.pid;
        }
        if (threads && owner.thread == 0) owner.thread = commands.threadAt(owner.tid, 0);
        if (owner == key.first) {
            if (mayBeNamedLater(owner, commands, threads)) unnamed_.push_back(entry);
            continue;
        }
        const Sum moved = entries_[entry].sum;
        changes_.push_back({entry, moved});
        entries_[entry].sum = {};
        addTo({owner, key.second}, moved, commands, threads);
    }
    std::erase_if(withoutMainThread_, [&](uint32_t pid) { return namesMainThread(commands, pid); });
}

void GroupedSampleSums::keepFirstChangeOfEachEntry() {
    std::stable_sort(changes_.begin(), changes_.end(),
                     [](const Change &a, const Change &b) { return a.entry < b.entry; });
    const auto repeated = std::unique(changes_.begin(), changes_.end(),
                                      [](const Change &a, const Change &b) { return a.entry == b.entry; });
    changes_.erase(repeated, changes_.end());
}

std::unique_ptr<GroupedSampleSums::Index> GroupedSampleSums::takeIndex() const {
    const std::lock_guard lock(indexMutex_);
    return std::move(index_);
}

std::shared_ptr<const GroupedSampleSums> GroupedSampleSums::compute(const Profile &profile,
                                                                    const SampleFilter &filter,
                                                                    const AggregationControl &control) {
    auto result = std::make_shared<GroupedSampleSums>();
    result->index_ = std::make_unique<Index>();
    result->addInParallel(profile, ThreadCommands(profile), filter, 0, profile.samples.size(), control);
    result->changes_ = {}; // nothing to continue: a fold of these starts afresh
    result->samplesSummed_ = profile.samples.size();
    result->id_ = nextSumsId();
    return result;
}

std::shared_ptr<const GroupedSampleSums> GroupedSampleSums::extend(const GroupedSampleSums &previous,
                                                                   const Profile &profile,
                                                                   const SampleFilter &filter,
                                                                   const AggregationControl &control) {
    auto result = std::make_shared<GroupedSampleSums>();
    result->entries_ = previous.entries_;
    result->unnamed_ = previous.unnamed_;
    result->withoutMainThread_ = previous.withoutMainThread_;
    result->index_ = previous.takeIndex();
    if (!result->index_) {
        result->index_ = std::make_unique<Index>();
        for (size_t e = 0; e < result->entries_.size(); ++e)
            result->index_->emplace(result->entries_[e].key, static_cast<uint32_t>(e));
    }
    const ThreadCommands commands(profile);
    result->nameOwnersNamedSince(commands, byThread(filter));
    result->addInParallel(profile, commands, filter, previous.samplesSummed_, profile.samples.size(),
                          control);
    result->keepFirstChangeOfEachEntry();
    result->samplesSummed_ = profile.samples.size();
    result->extendedFrom_ = previous.samplesSummed_;
    result->extendedFromId_ = previous.id_;
    result->id_ = nextSumsId();
    return result;
}

bool GroupedSampleSums::canExtend(const SampleFilter &before, const SampleFilter &after) {
    return after.grouping != ProcessGrouping::None && before.grouping == after.grouping &&
           StackSampleSums::sameSamplesAndWeights(before, after);
}

} // namespace perfglass
