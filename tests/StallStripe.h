// The stall of tests/clients/stalls (asleep from 800 ms to 1 s of every second of its own clock) as a heat
// map shows it: a stripe of empty cells at the same rows of every whole column. The heat map's columns start
// at the first sample, which a loaded machine may give the program late, so the stripe's rows are found, not
// assumed: the longest run of rows empty in every column asked about, counted round the column's end (a
// stripe shifted by most of a second wraps from the last rows to the first).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace perfglass::test {

// SAMPLES(column, row) of columns [firstColumn, endColumn) of a heat map with ROWS rows.
inline size_t longestCommonEmptyRun(size_t firstColumn, size_t endColumn, size_t rows,
                                    const std::function<uint64_t(size_t, size_t)> &samples) {
    const auto empty = [&](size_t row) {
        for (size_t c = firstColumn; c < endColumn; ++c)
            if (samples(c, row % rows) != 0) return false;
        return true;
    };
    size_t longest = 0;
    size_t run = 0;
    for (size_t r = 0; r < 2 * rows && longest < rows; ++r) {
        run = empty(r) ? run + 1 : 0;
        if (run > longest) longest = run;
    }
    return longest;
}

} // namespace perfglass::test
