#include "load/StackCache.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace perfglass {

namespace {
constexpr size_t kFirstSlots = 64;
}

StackCache::StackCache(size_t maxSlots)
    : slots_(std::min(kFirstSlots, std::bit_ceil(std::max<size_t>(maxSlots, 1))))
    , mask_(slots_.size() - 1)
    , maxSlots_(std::bit_ceil(std::max<size_t>(maxSlots, 1))) {}

// The words' products do not depend on each other, so they overlap: per word, only a rotation and an xor
// wait for the previous one.
uint64_t StackCache::hashOf(uint64_t head, UnalignedWords chain) {
    constexpr uint64_t kOdd = 0x9E3779B97F4A7C15ULL;
    uint64_t hash = head * kOdd;
    for (uint64_t word : chain)
        hash = std::rotl(hash, 7) ^ ((word ^ (word >> 32)) * kOdd);
    hash ^= hash >> 29;
    hash *= kOdd;
    return hash ^ (hash >> 32);
}

size_t StackCache::pairOf(uint64_t hash) const {
    return static_cast<size_t>(hash) & mask_ & ~size_t{1};
}

// Twice the slots; the chains of this generation move to their new pair (the less recently used one is
// dropped when two of them meet in a full pair).
void StackCache::grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    used_ = 0;
    for (Slot &slot : old) {
        if (slot.generation != generation_) continue;
        const size_t first =
            pairOf(hashOf(slot.key[0], UnalignedWords(slot.key.data() + 1, slot.key.size() - 1)));
        size_t way = first;
        if (lastUseOf(first + 1) < lastUseOf(first)) way = first + 1;
        if (slots_[way].generation != generation_)
            ++used_;
        else if (slots_[way].lastUse > slot.lastUse)
            continue;
        slots_[way] = std::move(slot);
    }
}

// Two-way set associative: a call chain may sit in either slot of its pair, and a new one replaces the slot
// of the pair used less recently (direct-mapped, chains that collide would evict each other on every turn).
bool StackCache::find(uint64_t head, UnalignedWords chain, Found &found) {
    const size_t first = pairOf(hashOf(head, chain));
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
    if (slot.generation != generation_) ++used_;
    slot.generation = generation_;
    slot.lastUse = ++uses_;
    slot.found = found;
    slot.key.resize(chain_.size() + 1);
    slot.key[0] = head_;
    const std::span<const uint8_t> bytes = chain_.bytes();
    if (!bytes.empty()) std::memcpy(slot.key.data() + 1, bytes.data(), bytes.size());
    if (used_ * 4 > slots_.size() && slots_.size() < maxSlots_) grow();
}

} // namespace perfglass
