#include "load/StackCache.h"

#include <algorithm>
#include <bit>

namespace perfglass {

StackCache::StackCache(size_t slots)
    : slots_(std::bit_ceil(std::max<size_t>(slots, 1)))
    , mask_(slots_.size() - 1) {}

// The key: pid and the stack continued, the addresses, then the privilege flags, 64 to a word.
void StackCache::makeKey(uint32_t pid, StackId from, const std::vector<uint64_t> &addresses,
                         const std::vector<bool> &kernelFlags) {
    key_.clear();
    key_.push_back(uint64_t{pid} << 32 | from);
    key_.insert(key_.end(), addresses.begin(), addresses.end());
    uint64_t flags = 0;
    for (size_t i = 0; i < kernelFlags.size(); ++i) {
        flags |= uint64_t{kernelFlags[i]} << (i & 63);
        if ((i & 63) == 63 || i + 1 == kernelFlags.size()) {
            key_.push_back(flags);
            flags = 0;
        }
    }
}

bool StackCache::find(uint32_t pid, StackId from, const std::vector<uint64_t> &addresses,
                      const std::vector<bool> &kernelFlags, Found &found) {
    makeKey(pid, from, addresses, kernelFlags);
    uint64_t hash = key_.size();
    for (uint64_t word : key_) {
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 32;
    }
    slot_ = static_cast<size_t>(hash) & mask_;
    const Slot &slot = slots_[slot_];
    if (slot.generation != generation_ || slot.key != key_) return false;
    found = slot.found;
    return true;
}

void StackCache::store(const Found &found) {
    Slot &slot = slots_[slot_];
    slot.generation = generation_;
    slot.found = found;
    slot.key.assign(key_.begin(), key_.end());
}

} // namespace perfglass
