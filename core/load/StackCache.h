// The stacks of recent samples by what names them: the process, the sample's privilege level and its call
// chain as the kernel recorded it (context markers included) for frame-pointer samples; the process, how
// the unwinding ended, the recorded addresses and the unwound pcs for DWARF samples (ProfileBuilder makes
// both keys). A sample repeating one seen before takes its stack from here instead of symbolizing and
// interning every frame again. What the symbolizer answers depends on the process maps only, so forget()
// (called when MMAP, COMM or FORK records change them) drops everything. Two-way set associative, with at
// most a fixed number of slots of 16 bytes; the chains themselves sit one after the other in one vector,
// compacted when replaced chains take more than half of it: its memory does not grow with the samples. It
// starts small and doubles (keeping what it holds) when a quarter of its slots are used, so a short
// recording does not pay for the page faults of the largest table.
#pragma once

#include "base/UnalignedWords.h"
#include "profile/Profile.h"

#include <cstdint>
#include <span>
#include <vector>

namespace perfglass {

class StackCache {
public:
    struct Found {
        StackId stack = kNoStack;
        bool unmapped = false; // whether a frame lies in no mapping
    };

    explicit StackCache(size_t maxSlots = size_t{1} << 14);

    // Looks up the call chain of a sample whose process and privilege level head names. On a miss, store()
    // keeps what the caller computed for it; chain must stay valid until then.
    bool find(uint64_t head, UnalignedWords chain, Found &found);
    void store(const Found &found);
    void forget() {
        if (++generation_ == 0) { // 0 marks slots never stored
            slots_.assign(slots_.size(), Slot{});
            generation_ = 1;
        }
        used_ = 0;
        entries_.clear();
        liveWords_ = 0;
    }
    size_t slotCount() const { return slots_.size(); }
    // Words of entries_ (those of replaced chains included, until it is compacted).
    size_t entryWords() const { return entries_.size(); }

private:
    // 16 bytes, so a pair shares a cache line: a lookup reads a chain's entry only when the tag matches,
    // and the entry holds the whole key next to what was found, so a hit reads one slot and one entry.
    struct Slot {
        uint32_t tag = 0;        // the hash's upper half
        uint32_t generation = 0; // 0: never stored
        uint32_t lastUse = 0;    // wraps after 2^32 lookups: only which chain is replaced changes
        uint32_t offset = 0;     // of the entry in entries_
    };
    // An entry in entries_: the hash, the head, the chain's length, the stack and the unmapped flag, then
    // the chain's words.
    static constexpr size_t kEntryHeader = 4;
    static constexpr size_t kEntryHash = 0;
    static constexpr size_t kEntryHead = 1;
    static constexpr size_t kEntryLength = 2;
    static constexpr size_t kEntryFound = 3;

    static inline uint64_t hashOf(uint64_t head, UnalignedWords chain);
    size_t pairOf(uint64_t hash) const;
    bool holds(const Slot &slot, uint64_t head, std::span<const uint8_t> bytes) const;
    size_t entrySize(const Slot &slot) const { return kEntryHeader + entries_[slot.offset + kEntryLength]; }
    void grow();
    void compact();

    std::vector<Slot> slots_;
    std::vector<uint64_t> entries_; // the chains held, in the order they were stored
    size_t liveWords_ = 0;          // words of entries_ that slots of this generation point to
    size_t mask_;
    size_t maxSlots_;
    size_t used_ = 0; // slots of this generation
    uint32_t lastUseOf(size_t slot) const {
        return slots_[slot].generation == generation_ ? slots_[slot].lastUse : 0;
    }

    uint32_t generation_ = 1;
    uint32_t uses_ = 0;
    // The last find()'s
    size_t slot_ = 0;
    uint64_t hash_ = 0;
    uint64_t head_ = 0;
    UnalignedWords chain_;
};

} // namespace perfglass
