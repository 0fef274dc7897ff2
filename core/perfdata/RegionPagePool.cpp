#include "perfdata/RegionPagePool.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/utsname.h>

#include <cerrno>
#include <cstdio>
#include <fstream>

namespace perfglass {

namespace {
constexpr int kReserveFlags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;

// Replaces what is at address (ours) by reserved space in one step; its pages and commit charge go.
void reserve(uint8_t *address) {
    if (::mmap(address, RegionPagePool::kChunk, PROT_NONE, kReserveFlags | MAP_FIXED, -1, 0) == MAP_FAILED)
        ::madvise(address, RegionPagePool::kChunk, MADV_DONTNEED);
}

bool kernelAtLeast(int wantedMajor, int wantedMinor) {
    utsname name{};
    int major = 0, minor = 0;
    if (::uname(&name) != 0 || std::sscanf(name.release, "%d.%d", &major, &minor) != 2) return false;
    return major > wantedMajor || (major == wantedMajor && minor >= wantedMinor);
}
} // namespace

RegionPagePool::RegionPagePool(bool allowMoves)
    : movesPages_(allowMoves && movesAreSafe()) {}

// A move (MREMAP_FIXED) unmaps its target before it checks the data-size limit and charges the pages it
// leaves behind (MREMAP_DONTUNMAP): failing there would leave a hole. Under the heuristic or permissive
// overcommit policies a 2 MiB charge does not fail.
bool RegionPagePool::movesAreSafe() {
    static const bool safe = [] {
        int policy = 0;
        std::ifstream("/proc/sys/vm/overcommit_memory") >> policy;
        rlimit data{};
        const bool unlimitedData = ::getrlimit(RLIMIT_DATA, &data) == 0 && data.rlim_cur == RLIM_INFINITY;
        return kernelAtLeast(5, 7) && policy != 2 && unlimitedData; // MREMAP_DONTUNMAP: Linux 5.7
    }();
    return safe;
}

bool RegionPagePool::movesPages() const {
    const std::lock_guard lock(mutex_);
    return movesPages_;
}

bool RegionPagePool::regionCompromised() const {
    const std::lock_guard lock(mutex_);
    return compromised_;
}

bool RegionPagePool::mapChunk(uint8_t *address) {
    const std::lock_guard lock(mutex_);
    if (compromised_) return false; // the place may be another mapping's
    if (!moveFreeChunk(address)) {
        if (compromised_) return false;
        // mprotect fails without touching the reservation (a strict overcommit policy refuses the charge).
        if (::mprotect(address, kChunk, PROT_READ | PROT_WRITE) != 0) return false;
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
    if (free_.empty() || !movesPages_) return false;
    uint8_t *from = free_.back();
    const void *moved =
        ::mremap(from, kChunk, kChunk, MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, address);
    if (moved == address) {
        free_.pop_back();
        reserve(from);
        return true;
    }
    // Only a shortage (ENOMEM) can come after the target was unmapped: reserve it again at once. Should the
    // place be taken, by a mapping of another thread's that landed in the hole or by the reservation still
    // there, the region must not be unmapped whole.
    if (errno == ENOMEM &&
        ::mmap(address, kChunk, PROT_NONE, kReserveFlags | MAP_FIXED_NOREPLACE, -1, 0) != address)
        compromised_ = true;
    stopMoving();
    return false;
}

void RegionPagePool::stopMoving() {
    movesPages_ = false;
    for (uint8_t *chunk : free_)
        reserve(chunk);
    free_.clear();
}

void RegionPagePool::unmapOldest(uint8_t *address) {
    const std::lock_guard lock(mutex_);
    if (mapped_.empty() || mapped_.front() != address) return;
    mapped_.pop_front();
    if (movesPages_)
        free_.push_back(address);
    else
        reserve(address);
}

} // namespace perfglass
