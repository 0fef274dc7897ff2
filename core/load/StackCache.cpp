#include "load/StackCache.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace perfglass {

StackCache::StackCache(size_t slots)
    : slots_(std::bit_ceil(std::max<size_t>(slots, 1)))
    , mask_(slots_.size() - 1) {}

bool StackCache::find(uint64_t head, UnalignedWords chain, Found &found) {
    uint64_t hash = head * 0x9E3779B97F4A7C15ULL;
    for (uint64_t word : chain) {
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
    }
    slot_ = static_cast<size_t>(hash ^ (hash >> 32)) & mask_;
    head_ = head;
    chain_ = chain;
    const Slot &slot = slots_[slot_];
    const std::span<const uint8_t> bytes = chain.bytes();
    if (slot.generation != generation_ || slot.key.size() != chain.size() + 1 || slot.key[0] != head ||
        (!bytes.empty() && std::memcmp(slot.key.data() + 1, bytes.data(), bytes.size()) != 0))
        return false;
    found = slot.found;
    return true;
}

void StackCache::store(const Found &found) {
    Slot &slot = slots_[slot_];
    slot.generation = generation_;
    slot.found = found;
    slot.key.resize(chain_.size() + 1);
    slot.key[0] = head_;
    const std::span<const uint8_t> bytes = chain_.bytes();
    if (!bytes.empty()) std::memcpy(slot.key.data() + 1, bytes.data(), bytes.size());
}

} // namespace perfglass
