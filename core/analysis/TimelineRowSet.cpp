#include "analysis/TimelineRowSet.h"

#include <algorithm>

namespace perfglass {

namespace {

// Notes that ROW's thread had COMMAND at a sample at TIME.
void noteCommand(ThreadTimeline &row, StringId command, uint64_t time) {
    for (CommandChange &known : row.commands)
        if (known.name == command) {
            known.time = std::min(known.time, time);
            return;
        }
    row.commands.push_back({time, command});
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

void startSeries(TimelineSeries &series, size_t bucketCount) {
    if (!series.samples.empty()) return;
    series.samples.assign(bucketCount, 0);
    series.cost.assign(bucketCount, 0);
}

void regroupSeries(TimelineSeries &series, size_t factor, size_t bucketCount) {
    std::vector<uint32_t> samples(bucketCount, 0);
    std::vector<uint64_t> cost(bucketCount, 0);
    for (size_t b = 0; b < series.samples.size() && b / factor < bucketCount; ++b) {
        samples[b / factor] += series.samples[b];
        cost[b / factor] += series.cost[b];
    }
    series.samples = std::move(samples);
    series.cost = std::move(cost);
}

} // namespace

std::vector<uint8_t> TimelineRowSet::userSpaceStacks(const Profile &profile) {
    std::vector<uint8_t> user;
    extendUserSpaceStacks(profile, user);
    return user;
}

void TimelineRowSet::extendUserSpaceStacks(const Profile &profile, std::vector<uint8_t> &user) {
    // Parents come before their children in the table (the interner adds a caller first): one pass does.
    const size_t known = std::min(user.size(), profile.stacks.size());
    user.resize(profile.stacks.size(), 0);
    for (size_t i = known; i < profile.stacks.size(); ++i) {
        const StackNode &node = profile.stacks[i];
        const ModuleId module = node.frame < profile.frames.size() ? profile.frames[node.frame].module : 0;
        const bool kernel = module < profile.modules.size() && profile.modules[module].kernel;
        user[i] = !kernel || (node.parent < i && user[node.parent] != 0);
    }
}

void TimelineRowSet::add(const Context &context, size_t i, size_t bucket, size_t bucketCount,
                         uint64_t weight) {
    const Profile &profile = context.profile;
    const uint64_t time = profile.samples.time[i];
    const StackId stack = profile.samples.stack[i];
    const uint32_t pid = profile.samples.pid[i];
    const uint32_t tid = profile.samples.tid[i];
    auto *thread = recentThreads_.find(tid, &context.commands);
    if (!thread) {
        thread = &recentThreads_.replace();
        *thread = {tid, &threads_[tid], context.commands.thread(tid), &context.commands, 0, 0};
    }
    ThreadTimeline &row = *thread->row;
    if (row.samples.empty()) {
        row.pid = pid;
        row.tid = tid;
        startSeries(row, bucketCount);
    }
    if (stack < context.userStacks.size() && context.userStacks[stack] != 0) row.userSpace = true;
    if (thread->thread)
        if (const StringId command = thread->thread->commandAt(time);
            command != 0 && (command != thread->notedCommand || time < thread->notedTime)) {
            noteCommand(row, command, time);
            thread->notedCommand = command;
            thread->notedTime = time;
        }
    row.add(bucket, weight);
    const uint32_t cpuNumber = profile.samples.cpu[i];
    auto *recentCpu = recentCpus_.find(cpuNumber, nullptr);
    if (!recentCpu) {
        recentCpu = &recentCpus_.replace();
        *recentCpu = {cpuNumber, &cpus_[cpuNumber], nullptr, nullptr, 0, 0};
    }
    CpuTimeline &cpu = *recentCpu->row;
    if (cpu.samples.empty()) {
        cpu.cpu = cpuNumber;
        startSeries(cpu, bucketCount);
    }
    if (pid != 0) cpu.add(bucket, weight);
}

void TimelineRowSet::merge(TimelineRowSet &other) {
    other.recentThreads_.clear(); // its rows move out
    other.recentCpus_.clear();
    for (auto &[tid, row] : other.threads_) {
        auto [it, inserted] = threads_.try_emplace(tid, std::move(row));
        if (inserted) continue;
        it->second.merge(row);
        it->second.userSpace = it->second.userSpace || row.userSpace;
        for (const CommandChange &command : row.commands)
            noteCommand(it->second, command.name, command.time);
    }
    for (auto &[cpu, row] : other.cpus_) {
        auto [it, inserted] = cpus_.try_emplace(cpu, std::move(row));
        if (!inserted) it->second.merge(row);
    }
}

void TimelineRowSet::regroup(size_t factor, size_t bucketCount) {
    for (auto &[tid, row] : threads_)
        regroupSeries(row, factor, bucketCount);
    for (auto &[cpu, row] : cpus_)
        regroupSeries(row, factor, bucketCount);
}

void TimelineRowSet::moveInto(TimelineBuckets &timeline, const Profile &profile) {
    for (auto &[tid, row] : threads_) {
        nameThread(row, profile);
        timeline.threads.push_back(std::move(row));
    }
    std::sort(timeline.threads.begin(), timeline.threads.end(),
              [](const ThreadTimeline &a, const ThreadTimeline &b) {
                  return a.pid != b.pid ? a.pid < b.pid : a.tid < b.tid;
              });
    for (auto &[cpu, row] : cpus_)
        timeline.cpus.push_back(std::move(row));
    std::sort(timeline.cpus.begin(), timeline.cpus.end(),
              [](const CpuTimeline &a, const CpuTimeline &b) { return a.cpu < b.cpu; });
    threads_.clear();
    cpus_.clear();
    recentThreads_.clear();
    recentCpus_.clear();
}

} // namespace perfglass
