// Physical pages for RecordDecompressor's region, reused: the region's addresses only grow (records keep the
// stream's order in them), but its memory should not. A chunk whose records are no longer held has its
// pages moved (mremap) to the region's next address instead of being unmapped, so expanding a session costs
// the pages held at once, and no page is faulted in, zeroed or unmapped again after the first few chunks.
// Chunks are 2 MiB and 2 MiB-aligned: the kernel moves a chunk as one page-middle-directory entry (a huge
// page, or a whole page table), not as 512 page-table entries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

namespace perfglass {

// mapChunk() and unmapOldest() may be called from different threads (RecordDecompressor's expanding thread
// maps, the reader takes back).
class RegionPagePool {
public:
    static constexpr size_t kChunk = size_t{2} << 20;

    // Whether chunks can be moved on this system (mremap with MREMAP_DONTUNMAP: Linux 5.7 on). Without it
    // the caller commits its region by itself.
    static bool available();

    // Maps a chunk read-write at address, kChunk-aligned, inside reserved (PROT_NONE) space of the caller's
    // that lies above every chunk mapped before: the pages of a chunk taken back, with what was written in
    // them, else new ones. False when the system refuses the memory.
    bool mapChunk(uint8_t *address);
    // The oldest chunk mapped, at address, is no longer read: its pages go to a later mapChunk(), and its
    // place becomes reserved space again then (never a hole another mapping could take).
    void unmapOldest(uint8_t *address);

private:
    bool moveFreeChunk(uint8_t *address);

    std::mutex mutex_;
    std::vector<uint8_t *> free_;   // chunks taken back, still mapped where they were until moved
    std::deque<uint8_t *> mapped_;  // chunks in use, oldest first
};

} // namespace perfglass
