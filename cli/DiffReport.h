// Text and JSON renderings of session comparisons (perfglass-cli diff). Values are on the comparison's
// scale (DiffScale): percent of each session's total, or seconds; delta is the comparison's minus the
// baseline's. Flat rows compare self costs (as `perf diff` does), tree nodes inclusive costs.
#pragma once

#include "TextReport.h"
#include "analysis/CallTreeDiff.h"
#include "analysis/FlatDiff.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace perfglass::cli {

// One side of a comparison, as the header and the JSON name it.
struct DiffSideInfo {
    std::string file;
    std::string event;
    uint64_t samples = 0;
    uint64_t total = 0;
};

struct DiffReportOptions {
    TextReportOptions text;
    DiffNormalize normalize = DiffNormalize::Share;
    DiffSort sort = DiffSort::Delta; // tree children too
};

void printDiffHeader(std::FILE *out, const DiffSideInfo &baseline, const DiffSideInfo &comparison,
                     const DiffReportOptions &options);
void printFlatDiff(std::FILE *out, const FlatDiff &diff, const DiffReportOptions &options);
void printTreeDiff(std::FILE *out, const CallTreeDiff &diff, const DiffReportOptions &options);

nlohmann::json flatDiffToJson(const FlatDiff &diff, const DiffSideInfo &baseline,
                              const DiffSideInfo &comparison, const DiffReportOptions &options);
nlohmann::json treeDiffToJson(const CallTreeDiff &diff, const DiffSideInfo &baseline,
                              const DiffSideInfo &comparison, const DiffReportOptions &options);

} // namespace perfglass::cli
