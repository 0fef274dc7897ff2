#include "perfdata/RegionPagePool.h"

#include <sys/mman.h>
#include <unistd.h>

namespace perfglass {

RegionPagePool::RegionPagePool()
    : memfd_(::memfd_create("perfglass-records", MFD_CLOEXEC)) {}

bool RegionPagePool::mapChunk(uint8_t *address) {
    const std::lock_guard lock(mutex_);
    size_t offset = size_;
    int flags = MAP_SHARED | MAP_FIXED;
    if (!free_.empty()) {
        offset = free_.back();
        flags |= MAP_POPULATE; // its pages exist: map them at once instead of one fault each
    } else if (::ftruncate(memfd_.get(), static_cast<off_t>(size_ + kChunk)) != 0) {
        return false;
    }
    if (::mmap(address, kChunk, PROT_READ | PROT_WRITE, flags, memfd_.get(), static_cast<off_t>(offset)) ==
        MAP_FAILED)
        return false;
    if (offset == size_)
        size_ += kChunk;
    else
        free_.pop_back();
    mapped_.emplace_back(address, offset);
    return true;
}

void RegionPagePool::unmapOldest(uint8_t *address) {
    const std::lock_guard lock(mutex_);
    if (mapped_.empty() || mapped_.front().first != address) return;
    // MAP_FIXED replaces the chunk in one step: the range never becomes a hole another mapping could take.
    constexpr int kReserved = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED;
    if (::mmap(address, kChunk, PROT_NONE, kReserved, -1, 0) != MAP_FAILED)
        free_.push_back(mapped_.front().second); // else its pages stay where they are, unused
    mapped_.pop_front();
}

} // namespace perfglass
