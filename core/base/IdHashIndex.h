// An open-addressing hash index of 32-bit ids into a table the caller owns (stacks, frames, functions): the
// keys live in that table, so a slot costs 4 bytes and a lookup touches one array instead of a chain of
// nodes (std::unordered_map: a node allocation per entry and a pointer chase per lookup).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

class IdHashIndex {
public:
    static constexpr uint32_t kAbsent = ~uint32_t{0};

    // The id whose entry matches (matches(id) is true) among those stored with hash; kAbsent when none.
    template <typename Matches> uint32_t find(uint64_t hash, const Matches &matches) const {
        if (slots_.empty()) return kAbsent;
        for (size_t i = slotOf(hash);; i = (i + 1) & mask_) {
            const uint32_t id = slots_[i];
            if (id == kAbsent) return kAbsent;
            if (matches(id)) return id;
        }
    }

    // Stores id (not kAbsent, not stored yet) under hash; hashOf(id) gives the hash of a stored id, for
    // growing.
    template <typename HashOf> void insert(uint64_t hash, uint32_t id, const HashOf &hashOf) {
        if ((size_ + 1) * 2 > slots_.size()) grow(hashOf);
        place(hash, id);
        ++size_;
    }

    size_t size() const { return size_; }
    size_t bytes() const { return slots_.capacity() * sizeof(uint32_t); }

private:
    size_t slotOf(uint64_t hash) const {
        return static_cast<size_t>((hash * 0x9E3779B97F4A7C15ULL) >> shift_) & mask_;
    }
    void place(uint64_t hash, uint32_t id) {
        size_t i = slotOf(hash);
        while (slots_[i] != kAbsent)
            i = (i + 1) & mask_;
        slots_[i] = id;
    }
    template <typename HashOf> void grow(const HashOf &hashOf) {
        std::vector<uint32_t> old = std::move(slots_);
        const size_t capacity = old.empty() ? 64 : old.size() * 2;
        slots_.assign(capacity, kAbsent);
        mask_ = capacity - 1;
        shift_ = 64 - static_cast<unsigned>(__builtin_ctzll(capacity));
        for (uint32_t id : old)
            if (id != kAbsent) place(hashOf(id), id);
    }

    std::vector<uint32_t> slots_;
    size_t size_ = 0;
    size_t mask_ = 0;
    unsigned shift_ = 64;
};

} // namespace perfglass
