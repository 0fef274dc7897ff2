// Search everywhere: the functions, modules and source files whose names contain a text (case-insensitive),
// each with the cost of the samples that have it on their stack, and how much of the profile matches at all
// (the samples with any match on their stack, each counted once). Functions match by their full name or by
// an extra name (their readable name); source files by the path of the function's hottest line
// (SourceLocations). Applies the filter's transforms; matches are sorted by cost, highest first.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/CallTree.h"
#include "analysis/SampleFilter.h"
#include "analysis/TransformedStacks.h"
#include "profile/Profile.h"
#include "profile/ReadableNames.h"
#include "profile/SourceLocations.h"

#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct SearchMatch {
    uint32_t id = 0;   // a FunctionId, a ModuleId or a StringId (the file), by the list it is in
    uint64_t cost = 0; // of the samples with the match on their stack
};

struct ProfileSearch {
    std::vector<SearchMatch> functions;
    std::vector<SearchMatch> modules;
    std::vector<SearchMatch> files;
    uint64_t matchedCost = 0; // of the samples with any match on their stack
    uint64_t total = 0;
    std::shared_ptr<const TransformedStacks> stacks; // names synthetic functions

    // TEXT empty matches nothing. NAMES and LOCATIONS may be null.
    static ProfileSearch compute(const Profile &profile, const SampleFilter &filter, const std::string &text,
                                 const ReadableNames *names, const SourceLocations *locations,
                                 const AggregationControl &control = {});
    // The same from the top-down tree of the filter's costs (an analysis' tree): a walk of its paths, no pass
    // over the samples. Throws Error for a bottom-up tree, Cancelled once STOP is requested.
    static ProfileSearch fromTree(const CallTree &topDown, const std::string &text,
                                  const ReadableNames *names, const SourceLocations *locations,
                                  const std::stop_token &stop = {});
};

} // namespace perfglass
