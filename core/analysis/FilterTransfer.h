// Carries a filter from one profile over to another, for comparing two sessions with the same filter: the
// event by name, the cost kind, and the transforms with their functions and modules looked up by demangled
// name and module file name (as FlatDiff matches them), the processes and threads by name (every process or
// thread of the other profile with the name of a picked one) and the CPUs as they are. A time range belongs
// to one session and is not carried over; carry() says what was and what was not. A transform about a
// function or module the other profile lacks is dropped when it would change nothing there (merge, drop,
// collapse); a focus on one makes the filter keep nothing (an empty time range), as it should: the other
// session has no such stacks; so do picked processes or threads of which no name is in the other profile.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstddef>

namespace perfglass {

class FilterTransfer {
public:
    // What carry() did with a filter.
    struct Carried {
        SampleFilter filter;            // for the other profile
        bool timeRangeDropped = false;  // the filter had a time range; the other has none
        size_t processNames = 0;        // names of picked processes that the other profile has
        size_t processNamesMissing = 0; // ... that it lacks
        size_t threadNames = 0;         // the same for threads
        size_t threadNamesMissing = 0;
        size_t cpus = 0;              // CPUs carried over as they are
        size_t transforms = 0;        // transforms carried over
        size_t transformsDropped = 0; // transforms that change nothing in the other profile
    };

    static Carried carry(const Profile &from, const SampleFilter &filter, const Profile &to);
    // The same session read again (grown while it records, or recorded anew at its path): as carry(), but the
    // time range is kept where TO still has samples in it (the clock is the same), picked processes and
    // threads keep their ids where TO has them under the same name (else are matched by name), and the
    // grouping and idle settings stay.
    static Carried reload(const Profile &from, const SampleFilter &filter, const Profile &to);
    static SampleFilter apply(const Profile &from, const SampleFilter &filter, const Profile &to) {
        return carry(from, filter, to).filter;
    }
};

} // namespace perfglass
