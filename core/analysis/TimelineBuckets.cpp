#include "analysis/TimelineBuckets.h"

#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "profile/ThreadCommands.h"

#include <algorithm>
#include <unordered_map>

namespace perfglass {

namespace {

using ThreadRows = std::unordered_map<uint32_t, ThreadTimeline>; // by tid
using CpuRows = std::unordered_map<uint32_t, CpuTimeline>;       // by cpu

struct WorkerRows {
    ThreadRows threads;
    CpuRows cpus;
};

// For each stack of the prefix tree, whether one of its frames runs user-space code. Parents come before
// their children in the table (the interner adds a caller first), so one pass does.
std::vector<uint8_t> userSpaceStacks(const Profile &profile) {
    std::vector<uint8_t> user(profile.stacks.size(), 0);
    for (size_t i = 0; i < profile.stacks.size(); ++i) {
        const StackNode &node = profile.stacks[i];
        const ModuleId module = node.frame < profile.frames.size() ? profile.frames[node.frame].module : 0;
        const bool kernel = module < profile.modules.size() && profile.modules[module].kernel;
        user[i] = !kernel || (node.parent < i && user[node.parent] != 0);
    }
    return user;
}

// Notes that ROW's thread had COMMAND at a sample at TIME.
void noteCommand(ThreadTimeline &row, StringId command, uint64_t time) {
    for (CommandChange &known : row.commands)
        if (known.name == command) {
            known.time = std::min(known.time, time);
            return;
        }
    row.commands.push_back({time, command});
}

void mergeRows(ThreadRows &into, ThreadRows &rows) {
    for (auto &[tid, row] : rows) {
        auto [it, inserted] = into.try_emplace(tid, std::move(row));
        if (inserted) continue;
        it->second.merge(row);
        it->second.userSpace = it->second.userSpace || row.userSpace;
        for (const CommandChange &command : row.commands)
            noteCommand(it->second, command.name, command.time);
    }
}

// The commands in time order, and the name: the last of them, else the thread's own.
void nameThread(ThreadTimeline &row, const Profile &profile) {
    std::sort(row.commands.begin(), row.commands.end(),
              [](const CommandChange &a, const CommandChange &b) { return a.time < b.time; });
    if (!row.commands.empty()) {
        row.name = row.commands.back().name;
        return;
    }
    for (const ThreadInfo &thread : profile.threads)
        if (thread.tid == row.tid) row.name = thread.name;
}

void mergeRows(CpuRows &into, CpuRows &rows) {
    for (auto &[cpu, row] : rows) {
        auto [it, inserted] = into.try_emplace(cpu, std::move(row));
        if (!inserted) it->second.merge(row);
    }
}

void startSeries(TimelineSeries &series, size_t bucketCount) {
    if (!series.samples.empty()) return;
    series.samples.assign(bucketCount, 0);
    series.cost.assign(bucketCount, 0);
}

} // namespace

void TimelineSeries::add(size_t bucket, uint64_t weight) {
    ++samples[bucket];
    cost[bucket] += weight;
    ++totalSamples;
    totalCost += weight;
}

void TimelineSeries::merge(const TimelineSeries &other) {
    for (size_t b = 0; b < samples.size() && b < other.samples.size(); ++b) {
        samples[b] += other.samples[b];
        cost[b] += other.cost[b];
    }
    totalSamples += other.totalSamples;
    totalCost += other.totalCost;
}

uint64_t TimelineBuckets::bucketStart(size_t bucket) const {
    const double span = static_cast<double>(end - start);
    return start +
           static_cast<uint64_t>(span * static_cast<double>(bucket) / static_cast<double>(bucketCount));
}

size_t TimelineBuckets::bucketOf(uint64_t time) const {
    const double offset = static_cast<double>(time - start) / static_cast<double>(end - start);
    return std::min(bucketCount - 1, static_cast<size_t>(offset * static_cast<double>(bucketCount)));
}

TimelineBuckets TimelineBuckets::compute(const Profile &profile, const SampleFilter &filter,
                                         size_t bucketCount, const AggregationControl &control) {
    if (bucketCount == 0) throw Error("timeline: the number of buckets must be at least 1");
    TimelineBuckets timeline;
    timeline.bucketCount = bucketCount;
    timeline.start = filter.startTime.value_or(profile.startTime);
    timeline.end = std::max(filter.endTime.value_or(profile.endTime + 1), timeline.start + 1);
    const auto stacks = TransformedStacks::build(profile, filter.transforms);
    const std::vector<uint8_t> userStacks = userSpaceStacks(profile);
    const ThreadCommands commands(profile);

    const size_t sampleCount = profile.samples.size();
    std::vector<WorkerRows> perWorker(AggregationRunner::workerCount(sampleCount, control));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        WorkerRows &rows = perWorker[worker];
        for (size_t i = begin; i < end; ++i) {
            const uint64_t time = profile.samples.time[i];
            if (time < timeline.start || time >= timeline.end || !filter.accepts(profile, i)) continue;
            const StackId stack = profile.samples.stack[i];
            if (stacks->map(stack) == kDroppedStack) continue;
            const uint32_t pid = profile.samples.pid[i];
            ThreadTimeline &row = rows.threads[profile.samples.tid[i]];
            if (row.samples.empty()) {
                row.pid = pid;
                row.tid = profile.samples.tid[i];
                startSeries(row, bucketCount);
            }
            if (stack < userStacks.size() && userStacks[stack] != 0) row.userSpace = true;
            if (const StringId command = commands.threadAt(row.tid, time); command != 0)
                noteCommand(row, command, time);
            const size_t bucket = timeline.bucketOf(time);
            const uint64_t weight = filter.weight(profile, i);
            row.add(bucket, weight);
            CpuTimeline &cpu = rows.cpus[profile.samples.cpu[i]];
            if (cpu.samples.empty()) {
                cpu.cpu = profile.samples.cpu[i];
                startSeries(cpu, bucketCount);
            }
            if (pid != 0) cpu.add(bucket, weight);
        }
    });

    WorkerRows merged;
    for (WorkerRows &rows : perWorker) {
        mergeRows(merged.threads, rows.threads);
        mergeRows(merged.cpus, rows.cpus);
    }
    for (auto &[tid, row] : merged.threads) {
        nameThread(row, profile);
        timeline.threads.push_back(std::move(row));
    }
    std::sort(timeline.threads.begin(), timeline.threads.end(),
              [](const ThreadTimeline &a, const ThreadTimeline &b) {
                  return a.pid != b.pid ? a.pid < b.pid : a.tid < b.tid;
              });
    for (auto &[cpu, row] : merged.cpus)
        timeline.cpus.push_back(std::move(row));
    std::sort(timeline.cpus.begin(), timeline.cpus.end(),
              [](const CpuTimeline &a, const CpuTimeline &b) { return a.cpu < b.cpu; });
    return timeline;
}

} // namespace perfglass
