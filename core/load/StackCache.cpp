#include "load/StackCache.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace perfglass {

StackCache::StackCache(size_t slots)
    : slots_(std::bit_ceil(std::max<size_t>(slots, 1)))
    , mask_(slots_.size() - 1) {}

// Two-way set associative: a call chain may sit in either slot of its pair, and a new one replaces the slot
// of the pair used less recently (direct-mapped, chains that collide would evict each other on every turn).
bool StackCache::find(uint64_t head, UnalignedWords chain, Found &found) {
    uint64_t hash = head * 0x9E3779B97F4A7C15ULL;
    for (uint64_t word : chain) {
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
    }
    const size_t first = static_cast<size_t>(hash ^ (hash >> 32)) & mask_ & ~size_t{1};
    head_ = head;
    chain_ = chain;
    const std::span<const uint8_t> bytes = chain.bytes();
    for (size_t way = first; way < first + 2 && way < slots_.size(); ++way) {
        Slot &slot = slots_[way];
        if (slot.generation != generation_ || slot.key.size() != chain.size() + 1 || slot.key[0] != head ||
            (!bytes.empty() && std::memcmp(slot.key.data() + 1, bytes.data(), bytes.size()) != 0))
            continue;
        slot.lastUse = ++uses_;
        found = slot.found;
        return true;
    }
    // The slot to replace: a free one (of an older generation), else the one used less recently.
    slot_ = first;
    if (first + 1 < slots_.size() && lastUseOf(first + 1) < lastUseOf(first)) slot_ = first + 1;
    return false;
}

void StackCache::store(const Found &found) {
    Slot &slot = slots_[slot_];
    slot.generation = generation_;
    slot.lastUse = ++uses_;
    slot.found = found;
    slot.key.resize(chain_.size() + 1);
    slot.key[0] = head_;
    const std::span<const uint8_t> bytes = chain_.bytes();
    if (!bytes.empty()) std::memcpy(slot.key.data() + 1, bytes.data(), bytes.size());
}

} // namespace perfglass
