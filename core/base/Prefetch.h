// Software prefetches for data read record by record. The records of DWARF samples lie kilobytes apart,
// farther than the hardware prefetcher follows, so each one's first lines otherwise wait for memory.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace perfglass {

inline constexpr size_t kCacheLine = 64;

// Asks for the cache lines of [start, start + bytes) to be read; never faults.
inline void prefetchLines(const void *start, size_t bytes) {
    if (bytes == 0) return;
    const auto first = reinterpret_cast<uintptr_t>(start) & ~uintptr_t{kCacheLine - 1};
    const auto end = reinterpret_cast<uintptr_t>(start) + bytes;
    for (uintptr_t line = first; line < end; line += kCacheLine)
        __builtin_prefetch(reinterpret_cast<const void *>(line));
}

// The lines of a record that decoding a sample reads: its fields, kernel call chain, registers and the first
// line of a user stack (the first 512 bytes: 20 user registers and 36 kernel frames), and its last line (the
// stack's dynamic size). size is the record's, read from its header.
inline void prefetchRecordLines(const void *record, size_t size) {
    constexpr size_t kHeadBytes = 512;
    prefetchLines(record, std::min(size, kHeadBytes));
    if (size > kHeadBytes) __builtin_prefetch(static_cast<const uint8_t *>(record) + size - 1);
}

} // namespace perfglass
