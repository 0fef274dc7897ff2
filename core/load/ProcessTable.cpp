#include "load/ProcessTable.h"

#include <sys/mman.h>

namespace perfglass {

namespace {
constexpr uint32_t kKernelPid = static_cast<uint32_t>(-1); // the pid of kernel and kernel module mappings
}

ProcessTable::ProcessTable(Profile &profile, ProfileInterner &interner)
    : profile_(profile)
    , interner_(interner) {}

bool ProcessTable::addUserMapping(const perf_event_header &header, uint32_t pid, uint64_t start,
                                  uint64_t length, uint64_t fileOffset, const std::string &path,
                                  std::span<const uint8_t> buildId) {
    const bool kernel = (header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
    if (kernel || pid == kKernelPid) return false;
    const Mapping mapping{start, start + length, fileOffset, interner_.moduleFor(path, false, buildId)};
    processes_[pid].add(mapping);
    return true;
}

bool ProcessTable::addMmap(const MmapRecord &record) {
    if (record.header().misc & PERF_RECORD_MISC_MMAP_DATA) return false;
    return addUserMapping(record.header(), record->pid, record->addr, record->len, record->pgoff,
                          std::string(record.text()), {});
}

bool ProcessTable::addMmap2(const Mmap2Record &record) {
    if (!(record->prot & PROT_EXEC)) return false;
    const bool namesBuildId = (record.header().misc & kMiscMmapBuildId) != 0;
    return addUserMapping(record.header(), record->pid, record->addr, record->len, record->pgoff,
                          std::string(record.text()),
                          namesBuildId ? record->buildId() : std::span<const uint8_t>{});
}

// An exec keeps the old image's mappings, as perf does: a sample taken inside execve after the kernel renamed
// the thread still returns to the old image's code (its libc's execve). The new image's mappings replace
// what they overlap.
void ProcessTable::addComm(const CommRecord &record, uint64_t time) {
    const std::string name(record.text());
    noteThread(record->pid, record->tid, &name, time);
}

void ProcessTable::addFork(const ForkRecord &record) {
    if (record->pid != record->ppid) {
        const auto parent = processes_.find(record->ppid);
        if (parent != processes_.end())
            processes_[record->pid] = parent->second; // a new process starts with a copy of its parent's maps
    }
    const auto parentThread = threadIndex_.find(record->ptid);
    if (parentThread != threadIndex_.end()) {
        // The child runs as its parent's command until it execs.
        const std::string name = profile_.strings[profile_.threads[parentThread->second].name];
        noteThread(record->pid, record->tid, &name, record->time);
    } else {
        noteThread(record->pid, record->tid, nullptr, record->time);
    }
}

void ProcessTable::addExit(const ForkRecord &record) {
    const auto found = threadIndex_.find(record->tid);
    if (found != threadIndex_.end()) profile_.threads[found->second].exitTime = record->time;
}

void ProcessTable::noteThread(uint32_t pid, uint32_t tid, const std::string *name, uint64_t time) {
    const auto found = threadIndex_.find(tid);
    if (found == threadIndex_.end()) {
        threadIndex_.emplace(tid, profile_.threads.size());
        profile_.threads.push_back({pid, tid, name ? profile_.strings.intern(*name) : StringId{0}});
        return;
    }
    auto &thread = profile_.threads[found->second];
    thread.pid = pid;
    if (!name) return;
    const StringId id = profile_.strings.intern(*name);
    if (thread.name != 0 && id != thread.name) renameThread(thread, id, time);
    thread.name = id;
}

// A thread that had a command takes another at TIME: both go into its commands.
void ProcessTable::renameThread(ThreadInfo &thread, StringId name, uint64_t time) {
    if (thread.commands.empty()) thread.commands.push_back({0, thread.name});
    if (time <= thread.commands.back().time)
        thread.commands.back().name = name; // at the same time (or a record without one): the later wins
    else
        thread.commands.push_back({time, name});
}

} // namespace perfglass
