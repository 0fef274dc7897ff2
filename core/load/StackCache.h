// The stacks of recent samples by what names them: the process, the stack they continue, their addresses
// (leaf first) and the privilege level of each. A sample repeating a call chain seen before takes its stack
// from here instead of symbolizing and interning every frame again. What the symbolizer answers depends on
// the process maps only, so forget() (called when MMAP, COMM or FORK records change them) drops everything.
// Direct-mapped with a fixed number of slots: its memory does not grow with the samples.
#pragma once

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

    explicit StackCache(size_t slots = size_t{1} << 13);

    // Looks the sample up; on a miss, store() keeps what the caller computed for the same sample.
    bool find(uint32_t pid, StackId from, const std::vector<uint64_t> &addresses,
              const std::vector<bool> &kernelFlags, Found &found);
    void store(const Found &found);
    void forget() { ++generation_; }

private:
    struct Slot {
        uint64_t generation = 0; // 0: never stored
        Found found;
        std::vector<uint64_t> key;
    };
    void makeKey(uint32_t pid, StackId from, const std::vector<uint64_t> &addresses,
                 const std::vector<bool> &kernelFlags);

    std::vector<Slot> slots_;
    size_t mask_;
    uint64_t generation_ = 1;
    std::vector<uint64_t> key_; // of the last find()
    size_t slot_ = 0;           // of the last find()
};

} // namespace perfglass
