// perf report's table as text: one row per group of the sort keys, Overhead (and Children) percentages first.
#pragma once

#include "analysis/SortedHistogram.h"
#include "profile/Profile.h"

#include <cstdio>

namespace perfglass::cli {

// Rows below percentLimit (of the sorting column) are left out, and rows after the first limit (0: none).
void printHistogram(std::FILE *out, const Profile &profile, const SortedHistogram &histogram,
                    double percentLimit, size_t limit);

} // namespace perfglass::cli
