#include "record/MappedRanges.h"

#include "perfdata/PerfRecords.h"

#include <utility>

namespace perfglass {

void MappedRanges::note(const perf_event_header *record) {
    switch (record->type) {
    case PERF_RECORD_MMAP:
        if (const auto mmap = MmapRecord::from(*record))
            noteMapping((*mmap)->pid, (*mmap)->addr, (*mmap)->len);
        break;
    case PERF_RECORD_MMAP2:
        if (const auto mmap = Mmap2Record::from(*record))
            noteMapping((*mmap)->pid, (*mmap)->addr, (*mmap)->len);
        break;
    case PERF_RECORD_FORK:
        noteFork(record);
        break;
    case PERF_RECORD_COMM: // after exec the process maps everything anew
        if (record->misc & kMiscCommExec)
            if (const auto comm = CommRecord::from(*record)) processes_.erase((*comm)->pid);
        break;
    case PERF_RECORD_EXIT:
        if (const auto exit = ForkRecord::from(*record); exit && (*exit)->pid == (*exit)->tid)
            processes_.erase((*exit)->pid);
        break;
    default:
        break;
    }
}

std::optional<uint64_t> MappedRanges::endOf(uint32_t pid, uint64_t address) const {
    const auto process = processes_.find(pid);
    if (process == processes_.end()) return std::nullopt;
    const auto *range = process->second.find(address);
    if (!range) return std::nullopt;
    return range->end;
}

void MappedRanges::noteMapping(uint32_t pid, uint64_t start, uint64_t length) {
    constexpr uint32_t kKernel = ~uint32_t{0}; // the kernel's own maps: pid -1
    if (pid == kKernel || start + length < start) return;
    processes_[pid].add(start, start + length, {});
}

// A new process starts with a copy of its parent's mappings; a new thread shares its process's.
void MappedRanges::noteFork(const perf_event_header *record) {
    const auto fork = ForkRecord::from(*record);
    if (!fork || (*fork)->pid == (*fork)->ppid) return;
    const auto parent = processes_.find((*fork)->ppid);
    if (parent == processes_.end()) {
        processes_.erase((*fork)->pid);
        return;
    }
    Ranges copy = parent->second; // copied first: adding the child may rehash and move the parent
    processes_[(*fork)->pid] = std::move(copy);
}

} // namespace perfglass
