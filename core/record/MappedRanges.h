// The address ranges each recorded process has mapped, kept from the MMAP, MMAP2, FORK, COMM (exec) and EXIT
// records a recording drains. The record sink asks where the mapping that holds a sampled stack pointer ends:
// the kernel copies a DWARF sample's stack for as many bytes as were asked, and for a thread whose stack is
// shallow most of them lie past its stack's mapping, in whatever is mapped above it.
//
// A stack cut too short loses frames, so every answer is conservative. Records must be noted in time order
// (the sink sorts each drain's); a sample is answered only from the state at its own time: not when its
// process began (exec, fork) after it, nor when a later record changed the ranges around its stack pointer,
// nor when a record arrived out of order, nor after records were lost. And only when a readable mapping is
// known to start where the stack's ends: munmap and mremap leave no record, so a mapping may have grown into
// space that is unknown, or that is still known as an unreadable mapping that was unmapped (the kernel's copy
// went on past the end, so the memory there was readable). Not caught: a stack's mapping grown by mremap over
// where a readable mapping was unmapped; glibc and the usual fiber libraries never grow a stack that way.
#pragma once

#include "base/RangeMap.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace perfglass {

class MappedRanges {
public:
    // Follows a record that maps memory, copies an address space (fork), replaces one (exec) or ends one, at
    // its timestamp (nullopt: it has none, and its process is no longer answered for).
    void note(const perf_event_header *record, std::optional<uint64_t> time);
    // The end of the mapping that held address in process pid at time, or nullopt when that is not known for
    // sure.
    std::optional<uint64_t> endOf(uint32_t pid, uint64_t address, uint64_t time) const;
    // Forgets the changes made before time: no sample still to come is older. Changes must be noted in time
    // order for a process to stay trusted.
    void forgetChangesBefore(uint64_t time);
    // Records were lost (PERF_RECORD_LOST): from now on nothing is answered.
    void distrust() { trusted_ = false; }
    size_t processCount() const { return processes_.size(); }

private:
    struct Mapped {
        bool readable = false;
        Mapped advancedBy(uint64_t) const { return *this; }
    };
    struct Change {
        uint64_t time = 0;
        uint64_t start = 0;
        uint64_t end = 0;
    };
    struct Process {
        RangeMap<Mapped> ranges;
        uint64_t since = 0;      // when this address space began to be followed (exec, fork, first record)
        uint64_t lastChange = 0; // the time of the newest record applied
        bool trusted = true;
        std::vector<Change> changes; // the recent ones, newest last
    };

    void noteMapping(uint32_t pid, uint64_t start, uint64_t length, bool readable,
                     std::optional<uint64_t> time);
    void noteFork(const perf_event_header *record, std::optional<uint64_t> time);
    void noteExec(uint32_t pid, std::optional<uint64_t> time);
    void noteExit(const perf_event_header *record, std::optional<uint64_t> time);
    static bool changedAround(const Process &process, uint64_t start, uint64_t end, uint64_t time);

    std::unordered_map<uint32_t, Process> processes_;
    bool trusted_ = true;
};

} // namespace perfglass
