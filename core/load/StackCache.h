// The stacks of recent frame-pointer samples by what names them: the process, the sample's privilege level
// and its call chain as the kernel recorded it (context markers included). A sample repeating a call chain
// seen before takes its stack from here instead of symbolizing and interning every frame again. What the
// symbolizer answers depends on the process maps only, so forget() (called when MMAP, COMM or FORK records
// change them) drops everything. Two-way set associative, with at most a fixed number of slots: its memory
// does not grow with the samples. It starts small and doubles (keeping what it holds) when a quarter of its
// slots are used, so a short recording does not pay for the page faults of the largest table.
#pragma once

#include "base/UnalignedWords.h"
#include "profile/Profile.h"

#include <cstdint>
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
        ++generation_;
        used_ = 0;
    }
    size_t slotCount() const { return slots_.size(); }

private:
    struct Slot {
        uint64_t generation = 0; // 0: never stored
        uint64_t lastUse = 0;
        Found found;
        std::vector<uint64_t> key; // head, then the call chain
    };

    static inline uint64_t hashOf(uint64_t head, UnalignedWords chain);
    size_t pairOf(uint64_t hash) const;
    void grow();

    std::vector<Slot> slots_;
    size_t mask_;
    size_t maxSlots_;
    size_t used_ = 0; // slots of this generation
    uint64_t lastUseOf(size_t slot) const {
        return slots_[slot].generation == generation_ ? slots_[slot].lastUse : 0;
    }

    uint64_t generation_ = 1;
    uint64_t uses_ = 0;
    // The last find()'s
    size_t slot_ = 0;
    uint64_t head_ = 0;
    UnalignedWords chain_;
};

} // namespace perfglass
