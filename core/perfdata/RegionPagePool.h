// Physical pages for RecordDecompressor's region, reused: the region's addresses only grow (records keep the
// stream's order in them), but its memory should not. A chunk whose records are no longer held has its
// pages moved (mremap) to the region's next address instead of being unmapped, so expanding a session costs
// the pages held at once, and no page is faulted in, zeroed or unmapped again after the first few chunks.
// Chunks are 2 MiB and 2 MiB-aligned: the kernel moves a chunk as one page-middle-directory entry (a huge
// page, or a whole page table), not as 512 page-table entries.
// Where a move could fail after the kernel unmapped its target (a strict overcommit policy, a data-size
// limit) or cannot be made (Linux before 5.7), chunks are made read-write in place and reserved again when
// taken back: new pages each time, but never a hole in the region.
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

    // allowMoves false: chunks are always made read-write in place (for tests of that path).
    explicit RegionPagePool(bool allowMoves = true);

    // Makes the chunk at address (kChunk-aligned, reserved PROT_NONE private anonymous space of the caller's,
    // above every chunk mapped before) read-write: the pages of a chunk taken back, with what was written in
    // them, else new ones. False when the system refuses the memory; the place is then still reserved.
    bool mapChunk(uint8_t *address);
    // The oldest chunk mapped, at address, is no longer read: its pages go to a later mapChunk(), and its
    // place becomes reserved space again (never a hole another mapping could take).
    void unmapOldest(uint8_t *address);

    bool movesPages() const;
    // A move failed in a way that may have let another mapping into the region: the caller must not unmap
    // the region whole, or it would unmap that mapping too.
    bool regionCompromised() const;

private:
    static bool movesAreSafe();
    bool moveFreeChunk(uint8_t *address);
    void stopMoving();

    mutable std::mutex mutex_;
    bool movesPages_;
    bool compromised_ = false;
    std::vector<uint8_t *> free_;  // chunks taken back, still mapped where they were until moved
    std::deque<uint8_t *> mapped_; // chunks in use, oldest first
};

} // namespace perfglass
