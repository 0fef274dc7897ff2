#include "perfdata/RegionPagePool.h"

#include <sys/mman.h>
#include <sys/utsname.h>

#include <cstdio>

namespace perfglass {

namespace {
constexpr int kReserved = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED;
} // namespace

bool RegionPagePool::available() {
    static const bool movable = [] {
        utsname name{};
        int major = 0, minor = 0;
        if (::uname(&name) != 0 || std::sscanf(name.release, "%d.%d", &major, &minor) != 2) return false;
        return major > 5 || (major == 5 && minor >= 7);
    }();
    return movable;
}

bool RegionPagePool::mapChunk(uint8_t *address) {
    const std::lock_guard lock(mutex_);
    if (!moveFreeChunk(address)) {
        // Private memory with its commit charge, so that a strict overcommit policy refuses it here.
        if (::mmap(address, kChunk, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
            MAP_FAILED) {
            // A failed move may have unmapped its target first: reserved again, never a hole.
            ::mmap(address, kChunk, PROT_NONE, kReserved, -1, 0);
            return false;
        }
        // Where transparent huge pages allow, one fault and one TLB entry per chunk instead of 512: opening
        // a compressed DWARF recording took 0.87 of the CPU time it takes with small pages.
        ::madvise(address, kChunk, MADV_HUGEPAGE);
    }
    mapped_.push_back(address);
    return true;
}

// MREMAP_DONTUNMAP leaves the old place mapped (empty), so it never is a hole; it then becomes reserved
// space again.
bool RegionPagePool::moveFreeChunk(uint8_t *address) {
    while (!free_.empty()) {
        uint8_t *from = free_.back();
        free_.pop_back();
        void *moved = ::mremap(from, kChunk, kChunk, MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, address);
        ::mmap(from, kChunk, PROT_NONE, kReserved, -1, 0); // its pages, if it kept them, are let go
        if (moved == address) return true;
    }
    return false;
}

void RegionPagePool::unmapOldest(uint8_t *address) {
    const std::lock_guard lock(mutex_);
    if (mapped_.empty() || mapped_.front() != address) return;
    mapped_.pop_front();
    free_.push_back(address);
}

} // namespace perfglass
