// The costs of one function by address: of the samples a SampleFilter accepts (its transforms only decide
// which samples count: a dropped stack counts nowhere), those whose leaf is in the function's own machine
// code (self: the innermost frame that is not an inline frame is the function, as perf annotate counts) and
// those that pass through its code anywhere on the stack (inclusive: leaf or call site, once per sample and
// address; a call site's address is one byte before the return address). Summed per Profile stack, then
// walked once per stack: O(samples + sampled stacks x depth).
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstdint>
#include <unordered_map>

namespace perfglass {

struct AddressCosts {
    std::unordered_map<uint64_t, uint64_t> self;      // by address (module's ELF address space)
    std::unordered_map<uint64_t, uint64_t> inclusive; // by address
    uint64_t selfTotal = 0;
    uint64_t inclusiveTotal = 0;
    uint64_t selfSamples = 0;
    bool inlinedOnly = false; // the function's frames in the counted stacks are all inline frames

    // Throws Error for bad transforms, Cancelled when asked.
    static AddressCosts compute(const Profile &profile, const SampleFilter &filter, FunctionId function,
                                const AggregationControl &control = {});
};

} // namespace perfglass
