// Physical pages for RecordDecompressor's region, reused: the region's addresses only grow (records keep the
// stream's order in them), but its memory should not. A memfd's chunks are mapped at the region's new
// addresses and taken back when the records there are no longer held, so expanding a session costs the
// pages held at once instead of a fresh, zeroed page for every 4 KiB of records.
#pragma once

#include "base/UniqueFd.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

namespace perfglass {

// mapChunk() and unmapOldest() may be called from different threads (RecordDecompressor's expanding thread
// maps, the reader takes back).
class RegionPagePool {
public:
    static constexpr size_t kChunk = size_t{1} << 20;

    RegionPagePool(); // without memfd_create, the pool is not valid()
    bool valid() const { return memfd_.valid(); }

    // Maps a chunk read-write at address, inside reserved space of the caller's, kChunk-aligned to the
    // previous chunks. False when the system refuses the memory.
    bool mapChunk(uint8_t *address);
    // Puts reserved space (PROT_NONE) back at address, the oldest chunk mapped, and keeps its pages for a
    // later mapChunk().
    void unmapOldest(uint8_t *address);

private:
    std::mutex mutex_;
    UniqueFd memfd_;
    size_t size_ = 0;                                 // the memfd's size
    std::vector<size_t> free_;                        // offsets of chunks no longer mapped
    std::deque<std::pair<uint8_t *, size_t>> mapped_; // address and offset of each mapped chunk, oldest first
};

} // namespace perfglass
