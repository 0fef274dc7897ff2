// perf record's argument forms that need more than a number: -F max, -m with units, --user-regs names, and
// perf's habit of keeping the previous session as FILE.old.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace perfglass::cli {

// -F: a positive number of samples per second or "max" (maxRate, the kernel's
// perf_event_max_sample_rate). Throws Error naming the range in plain numbers.
uint64_t parseFrequency(const std::string &text, uint64_t maxRate);

// The kernel's perf_event_max_sample_rate (100000 when it cannot be read).
uint64_t maxSampleRate();

struct MmapPages {
    size_t pages = 0;
    bool rounded = false; // not a power of two: rounded up, as perf does
};

// -m: a number of pages, or a size with a unit B, K, M or G (16M, 512K), turned into pages of pageSize and
// rounded up to a power of two as perf does. Throws Error for anything else.
MmapPages parseMmapPages(const std::string &text, size_t pageSize);

// --user-regs: comma-separated register names as perf spells them (ax, bx, ..., r15; any case) to perf's
// register mask. Throws Error naming the registers known.
uint64_t parseUserRegisters(const std::string &text);

// The names --user-regs knows, as perf lists them for --user-regs=?.
std::string userRegisterNames();

// When path names a non-empty file, renames it to path.old (replacing an older one), as perf record does.
// Returns the new name, or "" when there was nothing to keep. Throws Error when the rename fails.
std::string keepPreviousSession(const std::string &path);

} // namespace perfglass::cli
