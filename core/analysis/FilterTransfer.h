// Carries a filter from one profile over to another, for comparing two sessions with the same filter: the
// event by name, the cost kind, and the transforms with their functions and modules looked up by demangled
// name and module file name (as FlatDiff matches them). Time range, processes, threads and CPUs belong to one
// session and are not carried over. A transform about a function or module the other profile lacks is dropped
// when it would change nothing there (merge, drop, collapse); a focus on one makes the filter keep nothing
// (an empty time range), as it should: the other session has no such stacks.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

namespace perfglass {

class FilterTransfer {
public:
    static SampleFilter apply(const Profile &from, const SampleFilter &filter, const Profile &to);
};

} // namespace perfglass
