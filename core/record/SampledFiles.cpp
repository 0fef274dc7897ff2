#include "record/SampledFiles.h"

#include "perfdata/PerfRecords.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace perfglass {

namespace {

constexpr uint32_t kKernelPid = ~uint32_t{0}; // the kernel's own maps: pid -1

bool isKernelMode(uint16_t misc) {
    const uint16_t mode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
    return mode == PERF_RECORD_MISC_KERNEL || mode == PERF_RECORD_MISC_GUEST_KERNEL;
}

// Addresses in the upper half belong to the kernel on x86-64 (and every 64-bit architecture Linux runs on
// with a split address space).
bool isKernelAddress(uint64_t address) {
    return (address >> 63) != 0;
}

} // namespace

SampledFiles::SampledFiles(std::vector<Module> modules)
    : modules_(std::move(modules)) {
    std::sort(modules_.begin(), modules_.end(),
              [](const Module &a, const Module &b) { return a.start < b.start; });
}

std::vector<SampledFiles::Module> SampledFiles::loadedModules(const std::string &path) {
    // "NAME SIZE REFCOUNT DEPENDENCIES STATE ADDRESS [TAINTS]"
    std::vector<Module> modules;
    std::ifstream file(path);
    for (std::string line; std::getline(file, line);) {
        std::istringstream fields(line);
        std::string name, references, dependencies, state, address;
        uint64_t size = 0;
        if (!(fields >> name >> size >> references >> dependencies >> state >> address)) continue;
        const uint64_t start = std::strtoull(address.c_str(), nullptr, 16);
        if (start == 0 || size == 0) continue;
        modules.push_back({name, start, start + size, false});
    }
    return modules;
}

void SampledFiles::note(const perf_event_header *record) {
    switch (record->type) {
    case PERF_RECORD_MMAP:
        if (const auto mmap = MmapRecord::from(*record);
            mmap && !(record->misc & PERF_RECORD_MISC_MMAP_DATA) && mmap->text().starts_with('/'))
            noteMapping((*mmap)->pid, (*mmap)->addr, (*mmap)->len, fileIndex(record));
        break;
    case PERF_RECORD_MMAP2:
        if (const auto mmap = Mmap2Record::from(*record);
            mmap && ((*mmap)->prot & PROT_EXEC) && mmap->text().starts_with('/'))
            noteMapping((*mmap)->pid, (*mmap)->addr, (*mmap)->len, fileIndex(record));
        break;
    case PERF_RECORD_FORK:
        noteFork(record);
        break;
    default:
        break;
    }
}

// The index of the file a mapping record names, added when new.
uint32_t SampledFiles::fileIndex(const perf_event_header *record) {
    File file;
    if (record->type == PERF_RECORD_MMAP2) {
        const Mmap2Record mmap(*record);
        file.path = std::string(mmap.text());
        file.pid = mmap->pid;
        if (record->misc & kMiscMmapBuildId) {
            const auto id = mmap->buildId();
            file.buildId.assign(id.begin(), id.end());
        }
        if (file.buildId.empty()) { // device and inode (also under a build-id flag another session left set)
            std::memcpy(&file.major, mmap->fileId.data(), 4);
            std::memcpy(&file.minor, mmap->fileId.data() + 4, 4);
            std::memcpy(&file.inode, mmap->fileId.data() + 8, 8);
        }
    } else {
        const MmapRecord mmap(*record);
        file.path = std::string(mmap.text());
        file.pid = mmap->pid;
    }
    auto key = std::make_tuple(file.path, file.buildId, file.major, file.minor, file.inode);
    const auto [found, isNew] = fileIds_.try_emplace(std::move(key), static_cast<uint32_t>(files_.size()));
    if (isNew) files_.push_back(std::move(file));
    return found->second;
}

void SampledFiles::noteMapping(uint32_t pid, uint64_t start, uint64_t length, uint32_t file) {
    if (pid == kKernelPid || start + length < start) return;
    Ranges &ranges = processes_[pid];
    ranges.map.add(start, start + length, Slot{file});
    ranges.low = std::min(ranges.low, start);
    ranges.high = std::max(ranges.high, start + length);
    lastRanges_ = nullptr; // the map may have rehashed, and the range found last may have changed
    lastEnd_ = lastStart_ = 0;
}

// A new process starts with a copy of its parent's mappings.
void SampledFiles::noteFork(const perf_event_header *record) {
    const auto fork = ForkRecord::from(*record);
    if (!fork || (*fork)->pid == (*fork)->ppid) return;
    const auto parent = processes_.find((*fork)->ppid);
    if (parent == processes_.end()) return;
    Ranges copy = parent->second;
    processes_[(*fork)->pid] = std::move(copy);
    lastRanges_ = nullptr;
    lastEnd_ = lastStart_ = 0;
}

SampledFiles::Ranges *SampledFiles::rangesOf(uint32_t pid) {
    if (lastRanges_ && lastRangesPid_ == pid) return lastRanges_;
    const auto found = processes_.find(pid);
    if (found == processes_.end()) return nullptr;
    lastRanges_ = &found->second;
    lastRangesPid_ = pid;
    return lastRanges_;
}

void SampledFiles::noteUser(uint32_t pid, uint64_t address) {
    if (pid == lastPid_ && address >= lastStart_ && address < lastEnd_) return; // that file is marked already
    Ranges *ranges = rangesOf(pid);
    const auto *range = ranges ? ranges->map.find(address) : nullptr;
    if (!range) return;
    files_[range->value.file].hit = true;
    lastPid_ = pid;
    lastStart_ = range->start;
    lastEnd_ = range->end;
}

void SampledFiles::noteKernel(uint64_t address) {
    kernelHit_ = true;
    if (modules_.empty()) return;
    auto after = std::upper_bound(modules_.begin(), modules_.end(), address,
                                  [](uint64_t value, const Module &module) { return value < module.start; });
    if (after == modules_.begin()) return;
    --after;
    if (address < after->end) after->hit = true;
}

void SampledFiles::noteSample(const Sample &sample, uint16_t misc, bool scanStack) {
    if (isKernelMode(misc))
        noteKernel(sample.ip);
    else {
        sampledProcesses_.insert(sample.pid);
        noteUser(sample.pid, sample.ip);
    }
    bool kernelContext = isKernelMode(misc);
    for (const uint64_t address : sample.callchain) {
        if (address >= static_cast<uint64_t>(PERF_CONTEXT_MAX)) {
            kernelContext = address == static_cast<uint64_t>(PERF_CONTEXT_KERNEL) ||
                            address == static_cast<uint64_t>(PERF_CONTEXT_GUEST_KERNEL);
            continue;
        }
        if (kernelContext || isKernelAddress(address))
            noteKernel(address);
        else
            noteUser(sample.pid, address);
    }
    if (!scanStack || sample.userStack.empty() || (stackSamples_++ & 7) != 0) return;
    sampledProcesses_.insert(sample.pid);
    const Ranges *ranges = rangesOf(sample.pid);
    if (!ranges) return;
    // Return addresses are among the stack's words: each word that points into a mapped file marks it (a
    // code pointer kept in a local variable marks one too, which only adds a file to keep).
    const size_t words = sample.userStack.size() / sizeof(uint64_t);
    for (size_t i = 0; i < words; ++i) {
        uint64_t word;
        std::memcpy(&word, sample.userStack.data() + i * sizeof word, sizeof word);
        if (word >= ranges->low && word < ranges->high) noteUser(sample.pid, word);
    }
}

} // namespace perfglass
