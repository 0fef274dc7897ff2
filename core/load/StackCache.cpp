#include "load/StackCache.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace perfglass {

namespace {
constexpr size_t kFirstSlots = 64;
// entries_ is compacted when replaced chains take more than this many words and half of it.
constexpr size_t kCompactAbove = size_t{1} << 14;
} // namespace

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
    for (const Slot &slot : old) {
        if (slot.generation != generation_) continue;
        const size_t first = pairOf(entries_[slot.offset + kEntryHash]);
        size_t way = first;
        if (lastUseOf(first + 1) < lastUseOf(first)) way = first + 1;
        if (slots_[way].generation != generation_)
            ++used_;
        else if (slots_[way].lastUse > slot.lastUse) {
            liveWords_ -= entrySize(slot);
            continue;
        } else
            liveWords_ -= entrySize(slots_[way]);
        slots_[way] = slot;
    }
}

// Drops the entries of replaced chains: those of this generation's slots move to the front, in order.
void StackCache::compact() {
    std::vector<uint64_t> kept;
    kept.reserve(liveWords_);
    for (Slot &slot : slots_) {
        if (slot.generation != generation_) continue;
        const size_t size = entrySize(slot);
        const auto from = entries_.begin() + static_cast<std::ptrdiff_t>(slot.offset);
        slot.offset = static_cast<uint32_t>(kept.size());
        kept.insert(kept.end(), from, from + static_cast<std::ptrdiff_t>(size));
    }
    entries_.swap(kept);
    liveWords_ = entries_.size();
}

bool StackCache::holds(const Slot &slot, uint64_t head, std::span<const uint8_t> bytes) const {
    const uint64_t *entry = entries_.data() + slot.offset;
    return entry[kEntryHash] == hash_ && entry[kEntryHead] == head &&
           entry[kEntryLength] * 8 == bytes.size() &&
           (bytes.empty() || std::memcmp(entry + kEntryHeader, bytes.data(), bytes.size()) == 0);
}

// Two-way set associative: a call chain may sit in either slot of its pair, and a new one replaces the slot
// of the pair used less recently (direct-mapped, chains that collide would evict each other on every turn).
bool StackCache::find(uint64_t head, UnalignedWords chain, Found &found) {
    hash_ = hashOf(head, chain);
    const size_t first = pairOf(hash_);
    const auto tag = static_cast<uint32_t>(hash_ >> 32);
    head_ = head;
    chain_ = chain;
    const std::span<const uint8_t> bytes = chain.bytes();
    for (size_t way = first; way < first + 2 && way < slots_.size(); ++way) {
        Slot &slot = slots_[way];
        if (slot.tag != tag || slot.generation != generation_ || !holds(slot, head, bytes)) continue;
        slot.lastUse = ++uses_;
        const uint64_t stored = entries_[slot.offset + kEntryFound];
        found.stack = static_cast<StackId>(stored);
        found.unmapped = (stored >> 32) != 0;
        return true;
    }
    // The slot to replace: a free one (of an older generation), else the one used less recently.
    slot_ = first;
    if (first + 1 < slots_.size() && lastUseOf(first + 1) < lastUseOf(first)) slot_ = first + 1;
    return false;
}

void StackCache::store(const Found &found) {
    Slot &slot = slots_[slot_];
    if (slot.generation != generation_)
        ++used_;
    else
        liveWords_ -= entrySize(slot);
    const std::span<const uint8_t> bytes = chain_.bytes();
    const size_t offset = entries_.size();
    entries_.resize(offset + kEntryHeader + chain_.size());
    uint64_t *entry = entries_.data() + offset;
    entry[kEntryHash] = hash_;
    entry[kEntryHead] = head_;
    entry[kEntryLength] = chain_.size();
    entry[kEntryFound] = uint64_t{found.stack} | uint64_t{found.unmapped} << 32;
    if (!bytes.empty()) std::memcpy(entry + kEntryHeader, bytes.data(), bytes.size());
    liveWords_ += kEntryHeader + chain_.size();
    slot.tag = static_cast<uint32_t>(hash_ >> 32);
    slot.generation = generation_;
    slot.lastUse = ++uses_;
    slot.offset = static_cast<uint32_t>(offset);
    if (used_ * 4 > slots_.size() && slots_.size() < maxSlots_) grow();
    if (entries_.size() > 2 * liveWords_ + kCompactAbove) compact();
}

} // namespace perfglass
