// Per-function costs of two profiles side by side (or of two sample subsets of one profile: two time ranges,
// two threads): what got slower and what got faster. Functions are matched by demangled name and module file
// name ("libc.so.6", not the path or the address), so two builds of a program, or a program on two machines,
// compare. Costs are FlatProfile's (self by the machine code the sample is in, as `perf diff` counts them;
// inclusive once per sample), each side after its own filter and transforms. Functions of one side that share
// a name and module (static functions of one name in two files) are summed.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/DiffScale.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct DiffCost {
    uint64_t self = 0;
    uint64_t inclusive = 0;
};

struct FunctionDiff {
    std::string function; // demangled name
    std::string module;   // file name of the module
    DiffCost baseline;
    DiffCost comparison;
};

enum class DiffSort { Delta, Baseline, Comparison };

struct FlatDiff {
    std::vector<FunctionDiff> functions; // as sort() left them; compute() sorts by delta
    uint64_t baselineTotal = 0;
    uint64_t comparisonTotal = 0;
    uint64_t baselineSamples = 0;
    uint64_t comparisonSamples = 0;

    DiffScale scale(DiffNormalize normalize) const { return {normalize, baselineTotal, comparisonTotal}; }
    // Delta: the largest change of self cost first (grown or shrunk, by absolute value), then by name.
    // Baseline, Comparison: that side's self cost, highest first.
    void sort(DiffSort by, DiffNormalize normalize);

    static FlatDiff compute(const Profile &baseline, const SampleFilter &baselineFilter,
                            const Profile &comparison, const SampleFilter &comparisonFilter,
                            const AggregationControl &control = {});
};

} // namespace perfglass
