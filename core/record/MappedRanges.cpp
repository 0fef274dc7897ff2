#include "record/MappedRanges.h"

#include "perfdata/PerfRecords.h"

#include <sys/mman.h>

#include <utility>

namespace perfglass {

void MappedRanges::note(const perf_event_header *record, std::optional<uint64_t> time) {
    switch (record->type) {
    case PERF_RECORD_MMAP:
        if (const auto mmap = MmapRecord::from(*record)) // without its protection: taken as unreadable
            noteMapping((*mmap)->pid, (*mmap)->addr, (*mmap)->len, false, time);
        break;
    case PERF_RECORD_MMAP2:
        if (const auto mmap = Mmap2Record::from(*record))
            noteMapping((*mmap)->pid, (*mmap)->addr, (*mmap)->len, ((*mmap)->prot & PROT_READ) != 0, time);
        break;
    case PERF_RECORD_FORK:
        noteFork(record, time);
        break;
    case PERF_RECORD_COMM:
        if (record->misc & kMiscCommExec)
            if (const auto comm = CommRecord::from(*record)) noteExec((*comm)->pid, time);
        break;
    case PERF_RECORD_EXIT:
        noteExit(record, time);
        break;
    default:
        break;
    }
}

std::optional<uint64_t> MappedRanges::endOf(uint32_t pid, uint64_t address, uint64_t time) const {
    const auto found = processes_.find(pid);
    if (!trusted_ || found == processes_.end()) return std::nullopt;
    const Process &process = found->second;
    if (!process.trusted || time < process.since) return std::nullopt;
    const auto *range = process.ranges.find(address);
    if (!range || changedAround(process, address, range->end, time)) return std::nullopt;
    const auto *above = process.ranges.find(range->end);
    if (!above || !above->value.readable)
        return std::nullopt; // maybe grown by mremap, over what was unmapped
    return range->end;
}

void MappedRanges::forgetChangesBefore(uint64_t time) {
    for (auto &[pid, process] : processes_)
        std::erase_if(process.changes, [time](const Change &change) { return change.time < time; });
}

// Whether a record after time changed the ranges over [start, end], so that the state now is not the state
// the sample saw. A trusted process's changes are in time order: the newest are looked at, back to time.
bool MappedRanges::changedAround(const Process &process, uint64_t start, uint64_t end, uint64_t time) {
    for (auto change = process.changes.rbegin(); change != process.changes.rend() && change->time > time;
         ++change)
        if (change->start <= end && change->end > start) return true;
    return false;
}

void MappedRanges::noteMapping(uint32_t pid, uint64_t start, uint64_t length, bool readable,
                               std::optional<uint64_t> time) {
    constexpr uint32_t kKernel = ~uint32_t{0}; // the kernel's own maps: pid -1
    if (pid == kKernel || start + length < start) return;
    const auto [found, isNew] = processes_.try_emplace(pid);
    Process &process = found->second;
    if (!time || *time < process.lastChange) process.trusted = false;
    const uint64_t at = time.value_or(process.lastChange);
    if (isNew) process.since = at;
    process.ranges.add(start, start + length, {readable});
    process.changes.push_back({at, start, start + length});
    process.lastChange = std::max(process.lastChange, at);
}

// A new process starts with a copy of its parent's mappings; a new thread shares its process's.
void MappedRanges::noteFork(const perf_event_header *record, std::optional<uint64_t> time) {
    const auto fork = ForkRecord::from(*record);
    if (!fork || (*fork)->pid == (*fork)->ppid) return;
    const auto parent = processes_.find((*fork)->ppid);
    if (parent == processes_.end() || !time) {
        processes_.erase((*fork)->pid);
        return;
    }
    Process child;
    child.ranges = parent->second.ranges;
    child.since = child.lastChange = *time;
    child.trusted = parent->second.trusted && parent->second.lastChange <= *time;
    // Moved in after the copy: adding the child may rehash and move the parent.
    Process &slot = processes_[(*fork)->pid];
    if (slot.lastChange > *time) child.trusted = false; // the child's own records came first
    slot = std::move(child);
}

void MappedRanges::noteExec(uint32_t pid, std::optional<uint64_t> time) {
    Process &process = processes_[pid];
    const bool inOrder = time && *time >= process.lastChange;
    process = Process{};
    process.since = process.lastChange = time.value_or(0);
    process.trusted = inOrder;
}

// The process ends with its main thread (pid == tid); an EXIT older than the newest record is of an earlier
// process with the same pid.
void MappedRanges::noteExit(const perf_event_header *record, std::optional<uint64_t> time) {
    const auto exit = ForkRecord::from(*record);
    if (!exit || (*exit)->pid != (*exit)->tid) return;
    const auto found = processes_.find((*exit)->pid);
    if (found != processes_.end() && time && *time >= found->second.lastChange) processes_.erase(found);
}

} // namespace perfglass
