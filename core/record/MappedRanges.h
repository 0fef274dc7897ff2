// The address ranges each recorded process has mapped, kept from the MMAP, MMAP2, FORK, COMM (exec) and EXIT
// records a recording drains. The record sink asks where the mapping that holds a sampled stack pointer ends:
// the kernel copies a DWARF sample's stack for as many bytes as were asked, and for a thread whose stack is
// shallow most of them lie past its stack's mapping, in whatever is mapped above it.
#pragma once

#include "base/RangeMap.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace perfglass {

class MappedRanges {
public:
    // Follows a record that maps memory, copies an address space (fork), replaces one (exec) or ends one.
    void note(const perf_event_header *record);
    // The end of the range holding address in process pid, or nullopt when no record said what is mapped
    // there.
    std::optional<uint64_t> endOf(uint32_t pid, uint64_t address) const;
    size_t processCount() const { return processes_.size(); }

private:
    struct Mapped {
        Mapped advancedBy(uint64_t) const { return *this; }
    };
    using Ranges = RangeMap<Mapped>;

    void noteMapping(uint32_t pid, uint64_t start, uint64_t length);
    void noteFork(const perf_event_header *record);

    std::unordered_map<uint32_t, Ranges> processes_;
};

} // namespace perfglass
